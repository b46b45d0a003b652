import type { Booking } from '../../src/domain/booking';

/** A booking of one slot, nobody checked in, at version 2; `overrides` change what a table row needs. */
export const slot = { day: '2026-11-21', time: '10:30', tour: 'Old Town Walk' };
export const booking = (id: string, overrides: Partial<Booking> = {}): Booking => ({
  _id: id,
  bookingId: id,
  name: id,
  company: 'company-1',
  customers: [{ Adults: 2 }],
  attendees: [],
  pax: 2,
  date: slot.day,
  time: slot.time,
  tour: slot.tour,
  cancelled: false,
  manual: false,
  modifiedBy: null,
  differences: null,
  guide: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  version: 2,
  ...overrides,
});
