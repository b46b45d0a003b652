import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AuthUser } from '../../src/domain/auth';
import AddBookingDialog, { type AddBookingDialogProps } from '../../src/components/bookingForm/AddBookingDialog';
import { pinClockAt } from './clock';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { renderRoute, renderWithProviders } from './renderWithProviders';
import { server } from './server';
import { makeBooking, serveSlot } from './slotFixtures';

const manager = makeUser({
  company: {
    ...company,
    sources: [
      { id: 'Walkin', label: 'Walkin' },
      { id: 'Viator', label: 'Viator' },
    ],
  },
});
const guide = makeUser({ role: 'Guide', assignable: false, company: manager.company });
const slot = { day: '2026-06-15', time: '10:30', tour: 'Old Town Walk' };
const twoLeft = [{ time: '10:30', tour: 'Old Town Walk', pax: 18, capacity: 20 }];

function renderDialog(user: AuthUser, props: Partial<AddBookingDialogProps> = {}) {
  const onCreated = jest.fn();
  const view = renderWithProviders(
    <AddBookingDialog open onClose={jest.fn()} onCreated={onCreated} {...slot} {...props} />,
    { preloadedState: signedIn(user) },
  );
  return { ...view, onCreated };
}

/** Add-booking's answers in turn (the last one repeats), and the bodies it was sent. */
function serveAdd(...answers: Array<{ status: number; body?: object }>) {
  const sent: Array<Record<string, unknown>> = [];
  server.use(
    http.post(apiUrl('/api/bookings/add-booking'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      const answer = answers[Math.min(sent.length, answers.length) - 1] ?? { status: 201 };
      return HttpResponse.json(answer.body ?? makeBooking({ name: String(body.name) }), { status: answer.status });
    }),
  );
  return sent;
}

const overCapacity = {
  status: 409,
  body: {
    error: 'Only 2 seats left on this departure',
    code: 'OVER_CAPACITY',
    details: { seatsLeft: 2, capacity: 20 },
  },
};

async function fill(view: ReturnType<typeof renderDialog>, adults: string) {
  await view.user.type(screen.getByLabelText(/Name/), 'Big Group');
  await view.user.clear(screen.getByLabelText('Adults'));
  await view.user.type(screen.getByLabelText('Adults'), adults);
}

describe('Add Booking and the seats left', () => {
  pinClockAt('2026-06-15T08:00:00Z'); // 10:00 in Madrid

  it('shows the seats left on the departure, and creates a party that fits', async () => {
    const sent = serveAdd({ status: 201 });
    const view = renderDialog(guide, { loads: twoLeft });
    expect(screen.getByText('2 seats left')).toBeInTheDocument();
    await fill(view, '2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(view.onCreated).toHaveBeenCalled());
    expect(sent[0]).not.toHaveProperty('allowOverCapacity');
  });

  it('offers a Manager "Book anyway" for a party over the seats left, sent as allowOverCapacity', async () => {
    const sent = serveAdd({ status: 201 });
    const view = renderDialog(manager, { loads: twoLeft });
    await fill(view, '3');
    expect(screen.getByRole('alert')).toHaveTextContent('Only 2 seats left on this departure.');
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Book anyway' }));
    await waitFor(() => expect(view.onCreated).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ customers: [{ Adults: 3 }, { Children: 0 }], allowOverCapacity: true });
  });

  it('keeps Create disabled for a Guide over the seats left, says why, and offers no "Book anyway"', async () => {
    const view = renderDialog(guide, { loads: twoLeft });
    await fill(view, '3');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only 2 seats left on this departure. Only a Manager can book over capacity.',
    );
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Book anyway' })).not.toBeInTheDocument();
  });

  it('words a 409 OVER_CAPACITY with the seats left; a Manager may then book anyway', async () => {
    const sent = serveAdd(overCapacity, { status: 201 });
    const view = renderDialog(manager);
    expect(screen.queryByText(/seats? left/)).not.toBeInTheDocument();
    await fill(view, '3');
    await view.user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 2 seats left on this departure.');
    expect(screen.getByText('2 seats left')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Book anyway' }));
    await waitFor(() => expect(view.onCreated).toHaveBeenCalled());
    expect(sent.map((body) => body.allowOverCapacity)).toEqual([undefined, true]);
  });

  it("words a Guide's 409 OVER_CAPACITY without 'Book anyway', and creates once the party fits", async () => {
    const sent = serveAdd(overCapacity, { status: 201 });
    const view = renderDialog(guide);
    await fill(view, '3');
    await view.user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 2 seats left on this departure.');
    expect(screen.queryByRole('button', { name: 'Book anyway' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await fill(view, '2');
    await view.user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(view.onCreated).toHaveBeenCalled());
    expect(sent.map((body) => body.allowOverCapacity)).toEqual([undefined, undefined]);
  });
});

describe('"Checked in now" for a walk-in', () => {
  pinClockAt('2026-06-15T08:00:00Z'); // 10:00 in Madrid; the company's window opens 60 minutes before a start

  it.each([
    ['on for a departure starting in 30 minutes', { time: '10:30' }, true],
    ['on for a departure that started an hour ago', { time: '09:00' }, true],
    ['off for a departure starting in 61 minutes', { time: '11:01' }, false],
    ['off for a departure next week', { day: '2026-06-22' }, false],
  ])('starts %s', (_label, at, on) => {
    renderDialog(manager, at);
    expect(screen.getByRole('switch', { name: 'Checked in now' })).toHaveProperty('checked', on);
  });

  it('sends a walk-in for next week as not checked in', async () => {
    const sent = serveAdd({ status: 201 });
    const view = renderDialog(manager, { day: '2026-06-22' });
    await view.user.type(screen.getByLabelText(/Name/), 'Next Week');
    await view.user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ attendees: [{ Adults: 0 }, { Children: 0 }] });
  });

  it('follows the departure chosen on the day page, and the seats it has left', async () => {
    serveSlot({ bookings: [] });
    server.use(
      http.get(apiUrl('/api/bookings/date/2026-06-15'), () =>
        HttpResponse.json({
          bookings: [
            makeBooking({
              date: '2026-06-15',
              time: '19:30',
              tour: 'Tapas Tour',
              customers: [{ Adults: 23 }],
              pax: 23,
            }),
          ],
          departures: [
            { time: '10:30', tour: 'Old Town Walk', capacity: null },
            { time: '19:30', tour: 'Tapas Tour', capacity: 25 },
          ],
          hiddenSlots: 0,
        }),
      ),
    );
    const { user } = renderRoute('/bookings/date/2026-06-15', { preloadedState: signedIn(guide) });
    await user.click(await screen.findByRole('button', { name: 'Add Booking' }));
    const checkedIn = await screen.findByRole('switch', { name: 'Checked in now' });
    expect(checkedIn).toBeChecked();
    expect(screen.queryByText(/seats? left/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Departure' }));
    await user.click(screen.getByRole('option', { name: '19:30 · Tapas Tour' }));
    expect(checkedIn).not.toBeChecked();
    expect(screen.getByText('2 seats left')).toBeInTheDocument();
  });
});
