import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking } from '../../src/domain/booking';
import type { AuthUser } from '../../src/domain/auth';
import AddBookingDialog from '../../src/components/bookingForm/AddBookingDialog';
import { apiUrl, company, gate, makeUser, signedIn } from './fixtures';
import { renderWithProviders } from './renderWithProviders';
import { server } from './server';

const slot = { day: '2025-06-04', time: '10:00', tour: 'Old Town Walk' };

const manager = makeUser({
  company: {
    ...company,
    sources: [
      { id: 'Viator', label: 'Viator' },
      { id: 'Walkin', label: 'Walkin' },
      { id: 'Website', label: 'Website' },
    ],
  },
});

function created(body: Record<string, unknown>): Booking {
  return {
    _id: 'booking-9',
    bookingId: 'Manually added',
    company: 'company-1',
    name: String(body.name),
    customers: body.customers as Booking['customers'],
    attendees: [{ Adults: 0 }, { Children: 0 }],
    pax: Number(body.pax),
    date: slot.day,
    time: slot.time,
    tour: slot.tour,
    source: String(body.source),
    phone: null,
    cancelled: false,
    manual: true,
    modifiedBy: null,
    differences: null,
    guide: null,
    createdAt: '2025-06-04T08:00:00.000Z',
    version: 1,
  };
}

function renderDialog(user: AuthUser = manager) {
  const onClose = jest.fn();
  const onCreated = jest.fn();
  const view = renderWithProviders(<AddBookingDialog open onClose={onClose} onCreated={onCreated} {...slot} />, {
    preloadedState: signedIn(user),
  });
  return { ...view, onClose, onCreated, create: () => screen.getByRole('button', { name: 'Create' }) };
}

async function fillCount(user: ReturnType<typeof renderDialog>['user'], label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value !== '') await user.type(input, value);
}

describe('add booking dialog', () => {
  it('shows the slot it adds to, with the date as d/M/yyyy', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Add booking' })).toHaveTextContent('4/6/2025 · 10:00 · Old Town Walk');
  });

  it('keeps Create disabled without a name', async () => {
    const { user, create } = renderDialog();
    expect(create()).toBeDisabled();
    await user.type(screen.getByLabelText(/Name/), '   ');
    expect(create()).toBeDisabled();
    await user.type(screen.getByLabelText(/Name/), 'Ben Smith');
    expect(create()).toBeEnabled();
  });

  it.each([
    ['Adults', '0', 'Adults must be a whole number from 1 to 25'],
    ['Adults', '26', 'Adults must be a whole number from 1 to 25'],
    ['Adults', '', 'Adults must be a whole number from 1 to 25'],
    ['Children', '16', 'Children must be a whole number from 0 to 15'],
    ['Children', '-1', 'Children must be a whole number from 0 to 15'],
  ])('keeps Create disabled with %s %p', async (label, value, message) => {
    const { user, create } = renderDialog();
    await user.type(screen.getByLabelText(/Name/), 'Ben Smith');
    await fillCount(user, label, value);
    expect(create()).toBeDisabled();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('says the range of Adults in its hint before anything is typed, as its error does', () => {
    renderDialog();
    expect(screen.getByLabelText('Adults')).toHaveAccessibleDescription('1 to 25');
    expect(screen.getByLabelText('Children')).toHaveAccessibleDescription('0 to 15');
  });

  it('counts adults with − and + within 1 to 25', async () => {
    const { user } = renderDialog();
    const fewer = screen.getByRole('button', { name: 'Fewer adults' });
    const more = screen.getByRole('button', { name: 'More adults' });
    expect(fewer).toBeDisabled();
    await user.click(more);
    await user.click(more);
    expect(screen.getByLabelText('Adults')).toHaveValue(3);
    await user.click(fewer);
    expect(screen.getByLabelText('Adults')).toHaveValue(2);
    await fillCount(user, 'Adults', '24');
    await user.click(more);
    expect(screen.getByLabelText('Adults')).toHaveValue(25);
    expect(more).toBeDisabled();
  });

  it('starts "Checked in now" on for a walk-in and off for another source, unless the user chose', async () => {
    const { user } = renderDialog();
    const checkedInNow = screen.getByRole('switch', { name: 'Checked in now' });
    expect(checkedInNow).toBeChecked();
    await user.click(screen.getByRole('combobox', { name: /Source/ }));
    await user.click(await screen.findByRole('option', { name: 'Viator' }));
    expect(checkedInNow).not.toBeChecked();
    await user.click(checkedInNow);
    await user.click(screen.getByRole('combobox', { name: /Source/ }));
    await user.click(await screen.findByRole('option', { name: 'Website' }));
    expect(checkedInNow).toBeChecked();
  });

  it('creates a walk-in checked in: its attendees are its customers, and hands the new booking on', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(apiUrl('/api/bookings/add-booking'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...created(body), attendees: body.attendees }, { status: 201 });
      }),
    );
    const { user, create, onCreated } = renderDialog();
    await user.type(screen.getByLabelText(/Name/), 'Walk In');
    await user.click(screen.getByRole('button', { name: 'More adults' }));
    await user.click(screen.getByRole('button', { name: 'More children' }));
    await user.click(create());

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(body).toMatchObject({
      source: 'Walkin',
      customers: [{ Adults: 2 }, { Children: 1 }],
      attendees: [{ Adults: 2 }, { Children: 1 }],
    });
    expect(onCreated.mock.calls[0][0]).toMatchObject({ name: 'Walk In', attendees: [{ Adults: 2 }, { Children: 1 }] });
  });

  it('accepts the limits: 25 adults and 15 children', async () => {
    const { user, create } = renderDialog();
    await user.type(screen.getByLabelText(/Name/), 'Ben Smith');
    await fillCount(user, 'Adults', '25');
    await fillCount(user, 'Children', '15');
    expect(create()).toBeEnabled();
  });

  it("says 'A valid value is required' for an invalid phone", async () => {
    const { user, create } = renderDialog();
    await user.type(screen.getByLabelText(/Name/), 'Ben Smith');
    await user.type(screen.getByLabelText('Phone'), '12ab');
    expect(screen.getByText('A valid value is required')).toBeInTheDocument();
    expect(create()).toBeDisabled();
  });

  it('offers no archived source', async () => {
    const archived = makeUser({
      company: {
        ...manager.company,
        sources: [...manager.company.sources, { id: 'fax', label: 'Fax', archived: true }],
      },
    });
    const { user } = renderDialog(archived);
    await user.click(screen.getByRole('combobox', { name: /Source/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Viator', 'Walkin', 'Website']);
  });

  it('starts the source on Walkin', () => {
    renderDialog();
    expect(screen.getByRole('combobox', { name: /Source/ })).toHaveTextContent('Walkin');
  });

  it("creates the booking for the slot and closes, with Create disabled while it's sent", async () => {
    const response = gate();
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(apiUrl('/api/bookings/add-booking'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        await response.opened;
        return HttpResponse.json(created(body), { status: 201 });
      }),
    );
    const { user, create, onCreated } = renderDialog();
    await user.type(screen.getByLabelText(/Name/), ' Ben Smith ');
    await fillCount(user, 'Adults', '3');
    await fillCount(user, 'Children', '2');
    await user.type(screen.getByLabelText('Phone'), '+44 7700 900123');
    await user.click(screen.getByRole('combobox', { name: /Source/ }));
    await user.click(await screen.findByRole('option', { name: 'Website' }));
    await user.click(create());

    await waitFor(() => expect(body).toBeDefined());
    expect(create()).toBeDisabled();
    response.open();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(body).toEqual({
      name: 'Ben Smith',
      customers: [{ Adults: 3 }, { Children: 2 }],
      pax: 5,
      attendees: [{ Adults: 0 }, { Children: 0 }],
      time: '10:00',
      tour: 'Old Town Walk',
      source: 'Website',
      phone: '+44 7700 900123',
      date: '2025-06-04',
    });
  });

  it("sends no phone as null and shows the server's error", async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(apiUrl('/api/bookings/add-booking'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { error: "You can't change this slot any more", code: 'SLOT_LOCKED' },
          { status: 403 },
        );
      }),
    );
    const { user, create, onClose, onCreated } = renderDialog();
    await user.type(screen.getByLabelText(/Name/), 'Ben Smith');
    await user.click(create());

    expect(await screen.findByRole('alert')).toHaveTextContent("You can't change this slot any more");
    expect(body).toMatchObject({ phone: null, source: 'Walkin', customers: [{ Adults: 1 }, { Children: 0 }], pax: 1 });
    expect(onClose).not.toHaveBeenCalled();
    expect(onCreated).not.toHaveBeenCalled();
    expect(create()).toBeEnabled();
  });
});
