import type { Booking } from '../../src/domain/booking';
import type { EventKind } from '../../src/domain/events';
import { bookingInSlot, isSameSlot, mergeLiveBookings, movesSplit } from '../../src/domain/liveBookings';
import { booking, slot } from './bookingFixture';

const ids = (bookings: Booking[]) => bookings.map((b) => `${b._id}@${b.version}:${b.time}`);

describe('mergeLiveBookings', () => {
  const cached = [booking('a'), booking('b')];

  it.each<[string, { bookings?: Booking[]; gone?: string[] }, string[]]>([
    [
      'replaces a booking by a newer copy, in place',
      { bookings: [booking('a', { version: 3 })] },
      ['a@3:10:30', 'b@2:10:30'],
    ],
    [
      'replaces a booking by a copy of the same version',
      { bookings: [booking('a', { name: 'A' })] },
      ['a@2:10:30', 'b@2:10:30'],
    ],
    [
      'keeps the cached copy when the event is older',
      { bookings: [booking('a', { version: 1 })] },
      ['a@2:10:30', 'b@2:10:30'],
    ],
    [
      'adds a booking that now belongs here',
      { bookings: [booking('c', { version: 1 })] },
      ['a@2:10:30', 'b@2:10:30', 'c@1:10:30'],
    ],
    ['removes a booking that moved away', { bookings: [booking('a', { time: '12:00', version: 3 })] }, ['b@2:10:30']],
    [
      'ignores a booking elsewhere that never was here',
      { bookings: [booking('x', { time: '12:00' })] },
      ['a@2:10:30', 'b@2:10:30'],
    ],
    ['removes the bookings the reader may no longer see', { gone: ['b', 'unknown'] }, ['a@2:10:30']],
  ])('%s', (_name, event, expected) => {
    const merged = mergeLiveBookings(cached, { bookings: [], gone: [], ...event }, bookingInSlot(slot));
    expect(ids(merged)).toEqual(expected);
  });

  it('answers the same array when nothing changed, so nothing re-renders', () => {
    const event = { bookings: [booking('x', { time: '12:00' }), booking('a', { version: 1 })], gone: ['zz'] };
    expect(mergeLiveBookings(cached, event, bookingInSlot(slot))).toBe(cached);
  });
});

describe('isSameSlot', () => {
  it.each([
    [slot, true],
    [{ ...slot, time: '10:31' }, false],
    [{ ...slot, tour: 'Tapas Tour' }, false],
    [{ ...slot, day: '2026-11-22' }, false],
    [null, false],
  ])('%p → %p', (other, same) => {
    expect(isSameSlot(other, slot)).toBe(same);
  });
});

describe('movesSplit', () => {
  const cached = [booking('led', { guide: 'Ana' }), booking('free')];
  const event = (kind: EventKind, bookings: Booking[], eventSlot: typeof slot | null = slot) => ({
    kind,
    slot: eventSlot,
    bookings,
  });

  it.each<[string, boolean, ReturnType<typeof event>]>([
    ["a save of the slot's guides", true, event('slot.guidesSaved', [])],
    ["a save of another slot's guides", false, event('slot.guidesSaved', [], { ...slot, time: '11:00' })],
    ['a booking assigned to a guide', true, event('booking.guideAssigned', [booking('free', { guide: 'Ben' })])],
    ['a booking moved back to Unassigned', true, event('booking.guideAssigned', [booking('led', { guide: null })])],
    ['a check-in as another guide', true, event('booking.checkedIn', [booking('free', { guide: 'Ben' })])],
    ['an edit of a led booking', true, event('booking.edited', [booking('led', { guide: 'Ana', pax: 3 })])],
    ['a led booking cancelled', true, event('booking.cancelled', [booking('led', { guide: 'Ana', cancelled: true })])],
    [
      'a led booking moved to another slot',
      true,
      event('booking.edited', [booking('led', { guide: 'Ana', time: '11:00' })]),
    ],
    ['a plain check-in of a led booking', false, event('booking.checkedIn', [booking('led', { guide: 'Ana' })])],
    ['an edit of a booking nobody leads', false, event('booking.edited', [booking('free', { pax: 3 })])],
    [
      'a led booking of another slot',
      false,
      event('booking.edited', [booking('elsewhere', { guide: 'Ana', time: '11:00' })], { ...slot, time: '11:00' }),
    ],
  ])('%s: %s', (_label, expected, live) => {
    expect(movesSplit(live, slot, cached)).toBe(expected);
  });
});
