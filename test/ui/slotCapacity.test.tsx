import { screen, within } from '@testing-library/react';
import { signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { makeBooking, serveSlot, SLOT_PATH } from './slotFixtures';

const bookings = (adults: number[]) => [
  ...adults.map((count, i) => makeBooking({ name: `Party ${i}`, customers: [{ Adults: count }], pax: count })),
  makeBooking({ name: 'Gone', customers: [{ Adults: 5 }], pax: 5, cancelled: true }),
];

describe('the slot header and its capacity', () => {
  it('shows "28 / 30 pax · 2 seats left" where the departure has a capacity, cancelled bookings left out', async () => {
    serveSlot({ bookings: bookings([20, 8]), capacity: 30 });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    expect(await screen.findByText('28 / 30 pax · 2 seats left')).toBeInTheDocument();
  });

  it.each([
    [[30], '30 / 30 pax · No seats left'],
    [[29], '29 / 30 pax · 1 seat left'],
    [[25, 14], '39 / 30 pax · 9 over capacity'],
  ])('with %p booked says %p', async (adults, text) => {
    serveSlot({ bookings: bookings(adults), capacity: 30 });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says nothing of seats where the departure has no capacity, or the slot is not in the timetable', async () => {
    serveSlot({ bookings: bookings([4]), capacity: null });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    expect(await screen.findByText('0/4 guests checked in')).toBeInTheDocument();
    expect(screen.queryByText(/ pax · /)).not.toBeInTheDocument();
  });

  it("tells Add Booking the seats left on the slot's departure", async () => {
    serveSlot({ bookings: bookings([20, 8]), capacity: 30 });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Add Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add booking' });
    expect(within(dialog).getByText('2 seats left')).toBeInTheDocument();
  });
});
