import type { BookingSnapshot } from '../../src/domain/bookingChanges';
import {
  isManualReference,
  keepsCheckIns,
  planBookingUpsert,
  refusalReason,
  type ExistingBooking,
  type UpsertPlan,
  type WantedBooking,
} from '../../src/domain/bookingUpsert';
import { ZERO_COUNTS } from '../../src/domain/customerTypes';

const booked: BookingSnapshot = {
  name: 'Ana',
  counts: { Adults: 2, Teens: 0, Children: 1 },
  date: '2036-07-01',
  time: '10:00',
  tour: 'Old Town Walk',
  source: 'Viator',
  phone: '+34 600 111 222',
  cancelled: false,
};
const existing = (attended: Partial<ExistingBooking['attended']> = {}, over: Partial<BookingSnapshot> = {}) => ({
  snapshot: { ...booked, ...over },
  attended: { ...ZERO_COUNTS, ...attended },
});
const wanted = (over: Partial<WantedBooking> = {}): WantedBooking => ({ ...booked, ...over });
const refused = (plan: UpsertPlan) => (plan.outcome === 'reject' ? plan.refusal : null);

describe('planBookingUpsert', () => {
  it.each<[string, ExistingBooking | undefined, WantedBooking, Partial<UpsertPlan>]>([
    ['a new reference creates the booking', undefined, wanted(), { outcome: 'create', wanted: booked }],
    [
      'a new reference without a phone column creates it without a phone',
      undefined,
      wanted({ phone: undefined }),
      { outcome: 'create', wanted: { ...booked, phone: null } },
    ],
    [
      'a cancellation of a booking never made changes nothing',
      undefined,
      wanted({ cancelled: true }),
      { outcome: 'unchanged', reason: 'NOTHING_TO_CANCEL' },
    ],
    ['the same booking again changes nothing', existing(), wanted(), { outcome: 'unchanged', reason: 'SAME' }],
    [
      'the same booking without a phone column keeps its phone, and changes nothing',
      existing(),
      wanted({ phone: undefined }),
      { outcome: 'unchanged', reason: 'SAME' },
    ],
    [
      'a cancelled booking cancelled again changes nothing, whatever else differs',
      existing({}, { cancelled: true }),
      wanted({ cancelled: true, name: 'Other' }),
      { outcome: 'unchanged', reason: 'ALREADY_CANCELLED' },
    ],
    [
      'a cancelled booking is not reopened',
      existing({}, { cancelled: true }),
      wanted(),
      { outcome: 'reject', refusal: { code: 'CANCELLED', field: 'cancelled' } },
    ],
    [
      'a cancellation keeps the booking as it was, only cancelled',
      existing(),
      wanted({ cancelled: true, name: 'Renamed', date: '2037-01-01' }),
      { outcome: 'cancel', wanted: { ...booked, cancelled: true }, changes: [{ field: 'Cancelled' }] },
    ],
    [
      'a booking with guests checked in is not cancelled',
      existing({ Adults: 2, Children: 1 }),
      wanted({ cancelled: true }),
      { outcome: 'reject', refusal: { code: 'CANCEL_CHECKED_IN', field: 'cancelled', checkedIn: 3 } },
    ],
    [
      'a booking with guests checked in is not moved to another date',
      existing({ Adults: 1 }),
      wanted({ date: '2037-01-15' }),
      { outcome: 'reject', refusal: { code: 'MOVE_CHECKED_IN', field: 'date', checkedIn: 1 } },
    ],
    [
      'nor to another time',
      existing({ Children: 1 }),
      wanted({ time: '11:00' }),
      { outcome: 'reject', refusal: { code: 'MOVE_CHECKED_IN', field: 'time', checkedIn: 1 } },
    ],
    [
      'nor to another tour',
      existing({ Adults: 2 }),
      wanted({ tour: 'Harbour Cruise' }),
      { outcome: 'reject', refusal: { code: 'MOVE_CHECKED_IN', field: 'tour', checkedIn: 2 } },
    ],
    [
      'a booking without check-ins moves',
      existing(),
      wanted({ date: '2037-01-15' }),
      {
        outcome: 'update',
        wanted: { ...booked, date: '2037-01-15' },
        changes: [{ field: 'Date', from: '2036-07-01', to: '2037-01-15' }],
      },
    ],
    [
      'fewer guests of a type than checked in is refused, naming the type',
      existing({ Adults: 2 }),
      wanted({ counts: { Adults: 1, Teens: 0, Children: 1 } }),
      { outcome: 'reject', refusal: { code: 'COUNTS_BELOW_CHECKED_IN', field: 'adults', checkedIn: 2 } },
    ],
    [
      'a checked-in booking takes a new name, a new phone and more guests',
      existing({ Adults: 2 }),
      wanted({ name: 'Ana María', phone: null, counts: { Adults: 3, Teens: 0, Children: 1 } }),
      {
        outcome: 'update',
        wanted: { ...booked, name: 'Ana María', phone: null, counts: { Adults: 3, Teens: 0, Children: 1 } },
        changes: [
          { field: 'Name', from: 'Ana', to: 'Ana María' },
          { field: 'Adults', from: '2', to: '3' },
          { field: 'Phone', from: '+34 600 111 222', to: '—' },
        ],
      },
    ],
  ])('%s', (_label, found, asked, plan) => {
    expect(planBookingUpsert(found, asked)).toEqual(plan);
  });

  it('words each refusal after its field, and lists only those that keep check-ins', () => {
    const reasons = [
      refused(planBookingUpsert(existing({}, { cancelled: true }), wanted())),
      refused(planBookingUpsert(existing({ Adults: 2 }), wanted({ counts: { ...ZERO_COUNTS, Adults: 1 } }))),
      refused(planBookingUpsert(existing({ Adults: 1 }), wanted({ cancelled: true }))),
      refused(planBookingUpsert(existing({ Adults: 2, Children: 1 }), wanted({ time: '12:00' }))),
    ].map((refusal) => refusal && [refusalReason(refusal), keepsCheckIns(refusal)]);
    expect(reasons).toEqual([
      ['this booking was cancelled; a cancelled booking is not reopened', false],
      ['2 already checked in; the booking cannot have fewer', true],
      ['1 guest is checked in; a booking with check-ins is not cancelled', true],
      ['3 guests are checked in; a booking with check-ins keeps its date, time and tour', true],
    ]);
  });
});

describe('isManualReference', () => {
  it.each([
    ['Manually added', true],
    ['  manually ADDED ', true],
    ['Manually added 2', false],
    ['V-1001', false],
  ])('%j → %s', (reference, manual) => {
    expect(isManualReference(reference)).toBe(manual);
  });
});
