import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking } from '../../src/domain/booking';
import { apiUrl, signedIn } from './fixtures';
import { loadBeforeTests, renderRoute } from './renderWithProviders';
import { server } from './server';
import { makeBooking, makeShift, serveSlot, SLOT_PATH } from './slotFixtures';

const SHIFT = makeShift([
  { _id: 'guide-1', name: 'Gabriel Guide', counts: { Adults: 4 } },
  { _id: 'guide-2', name: 'Hana Guide', counts: { Adults: 4 } },
]);

function slotBookings() {
  return [
    makeBooking({ name: 'Ana', customers: [{ Adults: 2 }], guide: 'Gabriel Guide' }),
    makeBooking({ name: 'Ben', customers: [{ Adults: 3 }] }),
    makeBooking({ name: 'Cy', customers: [{ Adults: 1 }, { Children: 1 }] }),
    makeBooking({ name: 'Dora', customers: [{ Adults: 2 }], cancelled: true }),
  ];
}

/** Answers assignments as the server does: the bookings with their new guide, also in later fetches of the slot. */
function serveAssign(held: { bookings: Booking[] }) {
  const bodies: Array<{ bookingIds: string[]; guide: string | null }> = [];
  server.use(
    http.put(apiUrl('/api/bookings/assign-guide'), async ({ request }) => {
      const body = (await request.json()) as { bookingIds: string[]; guide: string | null };
      bodies.push(body);
      held.bookings = held.bookings.map((b) => (body.bookingIds.includes(b._id) ? { ...b, guide: body.guide } : b));
      return HttpResponse.json(held.bookings.filter((b) => body.bookingIds.includes(b._id)));
    }),
  );
  return bodies;
}

async function openAssign() {
  const view = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
  await view.user.click(await screen.findByRole('button', { name: 'Assign bookings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Assign bookings to guides' });
  return { ...view, dialog };
}

const namesIn = (dialog: HTMLElement, group: string) =>
  within(within(dialog).getByRole('group', { name: group }))
    .queryAllByRole('checkbox')
    .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent);

async function chooseTarget(user: ReturnType<typeof renderRoute>['user'], dialog: HTMLElement, target: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Assign to' }));
  await user.click(await screen.findByRole('option', { name: target }));
}

loadBeforeTests(
  () => import('../../src/features/slot/SlotPage'),
  () => import('../../src/features/slot/guides/AssignBookingsDialog'),
);

describe('assign bookings to guides', () => {
  it("groups the live bookings under the shift's guides, with an Unassigned group", async () => {
    serveSlot({ bookings: slotBookings(), shift: SHIFT });
    const { dialog } = await openAssign();

    expect(namesIn(dialog, 'Unassigned')).toEqual(['Ben', 'Cy']);
    expect(namesIn(dialog, 'Gabriel Guide')).toEqual(['Ana']);
    expect(namesIn(dialog, 'Hana Guide')).toEqual([]);
    expect(within(within(dialog).getByRole('group', { name: 'Hana Guide' })).getByText('No bookings')).toBeVisible();
    expect(within(dialog).queryByRole('checkbox', { name: 'Dora' })).not.toBeInTheDocument();
    // Ana has a guide: the split is the bookings, so no planned share is shown beside them.
    expect(within(dialog).getByText('Bookings: 2 Adults')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Split:/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Cy' })).toHaveAccessibleDescription('Adults 1, Children 1');
  });

  it("shows each guide's planned share until a booking is assigned, then the guides' counts from the server", async () => {
    const unassigned = slotBookings().map((booking) => ({ ...booking, guide: null }));
    const calls = serveSlot({ bookings: unassigned, shift: SHIFT });
    serveAssign(calls.held);
    const { user, dialog } = await openAssign();

    expect(within(dialog).getByText(/follows the bookings assigned to them/)).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('group', { name: 'Hana Guide' })).getByText('Split: 4 Adults'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ben' }));
    await chooseTarget(user, dialog, 'Hana Guide');
    // The server stores the split that follows: Hana has Ben's 3 adults, Gabriel none.
    calls.held.shift = makeShift([
      { _id: 'guide-1', name: 'Gabriel Guide', counts: {} },
      { _id: 'guide-2', name: 'Hana Guide', counts: { Adults: 3 } },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('1 booking moved to Hana Guide');
    expect(within(dialog).getByText('Bookings: 3 Adults')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Split:/)).not.toBeInTheDocument();
    expect(await screen.findByText('Hana Guide: 3 Adults')).toBeInTheDocument();
    expect(screen.getByText('Gabriel Guide: No guests')).toBeInTheDocument();
    expect(calls.shift).toHaveLength(2);
  });

  it('sends the two checked bookings and the guide name, and moves them to that group', async () => {
    const calls = serveSlot({ bookings: slotBookings(), shift: SHIFT });
    const bodies = serveAssign(calls.held);
    const [, ben, cy] = calls.held.bookings as [Booking, Booking, Booking];
    const { user, dialog } = await openAssign();

    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ben' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cy' }));
    expect(assign).toBeDisabled();
    await chooseTarget(user, dialog, 'Hana Guide');
    await user.click(assign);

    expect(await within(dialog).findByRole('status')).toHaveTextContent('2 bookings moved to Hana Guide');
    expect(bodies).toEqual([{ bookingIds: [ben._id, cy._id], guide: 'Hana Guide' }]);
    expect(namesIn(dialog, 'Hana Guide')).toEqual(['Ben', 'Cy']);
    expect(namesIn(dialog, 'Unassigned')).toEqual([]);
    expect(within(dialog).getByRole('checkbox', { name: 'Ben' })).not.toBeChecked();
    await waitFor(() => expect(calls.slot).toHaveLength(2));
    expect(namesIn(dialog, 'Hana Guide')).toEqual(['Ben', 'Cy']);
  });

  it('sends null to move a booking back to Unassigned', async () => {
    const calls = serveSlot({ bookings: slotBookings(), shift: SHIFT });
    const bodies = serveAssign(calls.held);
    const [ana] = calls.held.bookings as [Booking];
    const { user, dialog } = await openAssign();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ana' }));
    await chooseTarget(user, dialog, 'Unassigned');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('1 booking moved to Unassigned');
    expect(bodies).toEqual([{ bookingIds: [ana._id], guide: null }]);
    expect(namesIn(dialog, 'Unassigned')).toEqual(['Ana', 'Ben', 'Cy']);
  });

  it('shows a refusal for a slot that locked meanwhile and reloads the slot', async () => {
    const calls = serveSlot({ bookings: slotBookings(), shift: SHIFT });
    server.use(
      http.put(apiUrl('/api/bookings/assign-guide'), () =>
        HttpResponse.json({ error: 'This slot is locked', code: 'SLOT_LOCKED' }, { status: 403 }),
      ),
    );
    const { user, dialog } = await openAssign();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ben' }));
    await chooseTarget(user, dialog, 'Gabriel Guide');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This slot is locked');
    await waitFor(() => expect(calls.slot.length).toBeGreaterThanOrEqual(2));
  });
});
