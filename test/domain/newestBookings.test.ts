import type { Booking } from '../../src/domain/booking';
import { newestBookings } from '../../src/domain/newestBookings';
import { booking } from './bookingFixture';

const versions = (bookings: Booking[]) => bookings.map((b) => `${b._id}@${b.version}`);

describe('newestBookings', () => {
  const fresh = [booking('a', { version: 3 }), booking('b', { version: 2 })];

  it.each<[string, Booking[] | undefined, string[]]>([
    ['takes the answer when nothing is shown yet', undefined, ['a@3', 'b@2']],
    [
      'takes the answer over older shown copies',
      [booking('a', { version: 2 }), booking('b', { version: 1 })],
      ['a@3', 'b@2'],
    ],
    [
      'takes the answer over shown copies of the same version',
      [booking('a', { version: 3, name: 'A' })],
      ['a@3', 'b@2'],
    ],
    ['keeps a shown copy newer than the answer, in the answer’s order', [booking('b', { version: 4 })], ['a@3', 'b@4']],
    ['leaves out a shown booking the answer does not hold', [booking('c', { version: 9 })], ['a@3', 'b@2']],
  ])('%s', (_name, shown, expected) => {
    expect(versions(newestBookings(fresh, shown))).toEqual(expected);
  });

  it('keeps the shown copy whole (its check-in), not only its version', () => {
    const checkedIn = booking('b', { version: 4, attendees: [{ Adults: 2 }] });
    expect(newestBookings(fresh, [checkedIn])[1]).toBe(checkedIn);
  });

  it('answers the same array when no shown copy is newer', () => {
    expect(newestBookings(fresh, [booking('a', { version: 1 })])).toBe(fresh);
  });
});
