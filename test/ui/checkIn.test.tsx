import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking, CheckInBody } from '../../src/domain/booking';
import { apiUrl, gate, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { makeBooking, serveSlot, SLOT_PATH } from './slotFixtures';

const row = (name: string) => screen.findByRole('listitem', { name });

/** Answers check-ins with the booking as updated, after `held` opens when given; records the bodies. */
function serveCheckIns(booking: Booking, held?: Promise<void>) {
  const bodies: CheckInBody[] = [];
  server.use(
    http.patch(apiUrl('/api/bookings/:id'), async ({ request }) => {
      const body = (await request.json()) as CheckInBody;
      bodies.push(body);
      await held;
      return HttpResponse.json({ ...booking, attendees: body.attendees, version: booking.version + 1 });
    }),
  );
  return bodies;
}

/** A check-in's body: the counts, made on the counts the row showed, at the device's time. */
const sent = (attendees: CheckInBody['attendees'], booking: Booking) => ({
  attendees,
  _id: booking._id,
  base: booking.attendees,
  madeAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
});

describe('check-in', () => {
  it('tells a booking checked in partly (3 of 4) from one checked in fully, and names the customer', async () => {
    serveSlot({
      bookings: [
        makeBooking({ name: 'Ana Müller', customers: [{ Adults: 4 }], attendees: [{ Adults: 3 }] }),
        makeBooking({ name: 'Ben', customers: [{ Adults: 4 }], attendees: [{ Adults: 4 }] }),
        makeBooking({ name: 'Cleo', customers: [{ Adults: 4 }], attendees: [{ Adults: 0 }] }),
      ],
    });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const ana = within(await row('Ana Müller')).getByRole('switch', { name: 'Checked in: Ana Müller' });
    expect(ana).toBeChecked();
    expect(ana).toHaveAccessibleDescription('Partly checked in 3 of 4');
    expect(within(await row('Ana Müller')).getByText('3 of 4')).toBeInTheDocument();

    const ben = within(await row('Ben')).getByRole('switch', { name: 'Checked in: Ben' });
    expect(ben).toBeChecked();
    expect(ben).toHaveAccessibleDescription('Checked in');
    expect(within(await row('Ben')).queryByText('4 of 4')).not.toBeInTheDocument();

    const cleo = within(await row('Cleo')).getByRole('switch', { name: 'Checked in: Cleo' });
    expect(cleo).not.toBeChecked();
    expect(cleo).toHaveAccessibleDescription('Not checked in');
  });

  it('switching on sends the full booked counts and shows them at once', async () => {
    const ana = makeBooking({ name: 'Ana', customers: [{ Adults: 2 }, { Children: 1 }], attendees: [] });
    serveSlot({ bookings: [ana] });
    const response = gate();
    const bodies = serveCheckIns(ana, response.opened);
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const toggle = within(await row('Ana')).getByRole('switch', { name: 'Checked in: Ana' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    // Before the server has answered.
    await waitFor(() => expect(toggle).toBeChecked());
    expect(screen.getByText('3/3 guests checked in')).toBeInTheDocument();
    expect(bodies).toEqual([sent([{ Adults: 2 }, { Children: 1 }], ana)]);
    response.open();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('switching off sends zeros for the booked types', async () => {
    const ana = makeBooking({ name: 'Ana', customers: [{ Adults: 2 }, { Teens: 1 }], attendees: [{ Adults: 1 }] });
    serveSlot({ bookings: [ana] });
    const bodies = serveCheckIns(ana);
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const toggle = within(await row('Ana')).getByRole('switch', { name: 'Checked in: Ana' });
    expect(toggle).toBeChecked();
    await user.click(toggle);

    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(bodies).toEqual([sent([{ Adults: 0 }, { Teens: 0 }], ana)]);
    expect(screen.getByText('0/3 guests checked in')).toBeInTheDocument();
  });

  it('keeps a check-in the server failed on, waiting, and shows it as made', async () => {
    const ana = makeBooking({ name: 'Ana' });
    serveSlot({ bookings: [ana] });
    server.use(
      http.patch(apiUrl('/api/bookings/:id'), () =>
        HttpResponse.json({ error: 'The database is unavailable', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const toggle = within(await row('Ana')).getByRole('switch', { name: 'Checked in: Ana' });
    await user.click(toggle);

    expect(await within(await row('Ana')).findByText('Waiting to send')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(screen.getByText('2/2 guests checked in')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Sync' })).toHaveTextContent('1 waiting');
  });

  it('rolls back a check-in the slot refused (locked meanwhile), says why and reloads the slot', async () => {
    const ana = makeBooking({ name: 'Ana' });
    const calls = serveSlot({ bookings: [ana] });
    server.use(
      http.patch(apiUrl('/api/bookings/:id'), () =>
        HttpResponse.json({ error: 'This slot is locked', code: 'SLOT_LOCKED' }, { status: 403 }),
      ),
    );
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const toggle = within(await row('Ana')).getByRole('switch', { name: 'Checked in: Ana' });
    await user.click(toggle);

    expect(await within(await row('Ana')).findByRole('alert')).toHaveTextContent(
      'Check-in not saved: This slot is locked',
    );
    await waitFor(() => expect(calls.slot).toHaveLength(2));
    expect(toggle).not.toBeChecked();
    await user.click(within(await row('Ana')).getByRole('button', { name: 'Close' }));
    expect(within(await row('Ana')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers radios up to 4 guests of a type and a clamped stepper above', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana', customers: [{ Adults: 3 }, { Children: 6 }] })] });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(within(await row('Ana')).getByRole('button', { name: 'Choose who came' }));

    const adults = await screen.findByRole('radiogroup', { name: 'Adults (3 booked)' });
    expect(
      within(adults)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['0', '1', '2', '3']);
    expect(screen.queryByRole('radiogroup', { name: /Children/ })).not.toBeInTheDocument();

    const children = screen.getByRole('textbox', { name: 'Children' });
    await user.type(children, '9');
    expect(children).toHaveValue('6');
    expect(screen.getByRole('button', { name: 'More Children' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Fewer Children' }));
    expect(children).toHaveValue('5');
    await user.clear(children);
    await user.type(children, 'abc');
    expect(children).toHaveValue('0');
    expect(screen.getByRole('button', { name: 'Fewer Children' })).toBeDisabled();
  });

  it('asks for a value for each customer type before checking in', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana', customers: [{ Adults: 2 }, { Children: 1 }] })] });
    const bodies = serveCheckIns(makeBooking());
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(within(await row('Ana')).getByRole('button', { name: 'Choose who came' }));
    const adults = await screen.findByRole('radiogroup', { name: 'Adults (2 booked)' });
    await user.click(within(adults).getByRole('radio', { name: '2' }));
    await user.click(screen.getByRole('button', { name: 'Check-in' }));

    expect(await screen.findByText('Select a value for each customer type to check in')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('checks in the chosen numbers, closes the panel and updates the counts', async () => {
    const ana = makeBooking({ name: 'Ana', customers: [{ Adults: 3 }, { Children: 6 }], attendees: [] });
    serveSlot({ bookings: [ana] });
    const bodies = serveCheckIns(ana);
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(within(await row('Ana')).getByRole('button', { name: 'Choose who came' }));
    const adults = await screen.findByRole('radiogroup', { name: 'Adults (3 booked)' });
    await user.click(within(adults).getByRole('radio', { name: '2' }));
    await user.type(screen.getByRole('textbox', { name: 'Children' }), '4');
    await user.click(screen.getByRole('button', { name: 'Check-in' }));

    await waitFor(() => expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument());
    expect(bodies).toEqual([sent([{ Adults: 2 }, { Children: 4 }], ana)]);
    expect(within(await row('Ana')).getByText('Adults 2 of 3 · Children 4 of 6')).toBeInTheDocument();
    expect(within(await row('Ana')).getByRole('switch', { name: 'Checked in: Ana' })).toBeChecked();
  });

  it('records the check-in as the guide an assignable user picked', async () => {
    const ana = makeBooking({ name: 'Ana' });
    serveSlot({ bookings: [ana], guides: [{ _id: 'g1', name: 'Lucia' }] });
    const bodies = serveCheckIns(ana);
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn(makeUser({ assignable: true })) });

    await user.click(await screen.findByRole('combobox', { name: 'Check in as' }));
    await user.click(await screen.findByRole('option', { name: 'Lucia' }));
    const toggle = within(await row('Ana')).getByRole('switch', { name: 'Checked in: Ana' });
    await user.click(toggle);

    await waitFor(() => expect(bodies).toEqual([{ ...sent([{ Adults: 2 }], ana), chosenGuide: 'Lucia' }]));
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('offers no guide picker to a user who is not assignable', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    renderRoute(SLOT_PATH, { preloadedState: signedIn(makeUser({ role: 'Guide', assignable: false })) });
    await row('Ana');
    expect(screen.queryByRole('combobox', { name: 'Check in as' })).not.toBeInTheDocument();
  });
});
