import {
  departureFit,
  overCapacityMessage,
  SeatLedger,
  seatVerdict,
  takesSeats,
  type DepartureFit,
  type SeatMove,
} from '../../src/domain/capacity';
import type { Timetable } from '../../src/domain/timetable';

const boat = { tourId: 'boat', weekdays: [1, 2, 3, 4, 5], validFrom: '2026-01-01', validUntil: null };
const timetable: Timetable = {
  departures: [
    { ...boat, time: '19:00', capacity: 30 },
    { ...boat, time: '10:00', capacity: null },
  ],
  exceptions: [
    { tourId: 'boat', date: '2026-06-16', time: '19:00', kind: 'cancelled', capacity: null },
    { tourId: 'boat', date: '2026-06-20', time: '12:00', kind: 'extra', capacity: 8 },
    { tourId: 'kayak', date: '2026-06-20', time: '09:00', kind: 'extra', capacity: 4 },
    { tourId: 'walk', date: '2026-06-20', time: '09:00', kind: 'cancelled', capacity: null },
  ],
};

describe('departureFit', () => {
  it.each<[string, string | undefined, string, string, DepartureFit]>([
    ['a weekly departure with a capacity', 'boat', '2026-06-15', '19:00', { kind: 'departure', capacity: 30 }],
    ['a weekly departure without one', 'boat', '2026-06-15', '10:00', { kind: 'departure', capacity: null }],
    ['an extra departure', 'boat', '2026-06-20', '12:00', { kind: 'departure', capacity: 8 }],
    ['a time the tour does not run', 'boat', '2026-06-15', '03:17', { kind: 'noDeparture' }],
    ['a departure cancelled that day', 'boat', '2026-06-16', '19:00', { kind: 'noDeparture' }],
    ['a weekday the tour does not run', 'boat', '2026-06-21', '19:00', { kind: 'noDeparture' }],
    ['a day before its timetable holds', 'boat', '2025-12-31', '19:00', { kind: 'noDeparture' }],
    ['another day of a tour with extras only', 'kayak', '2026-06-21', '09:00', { kind: 'noDeparture' }],
    ['a tour with no departures (a cancellation is none)', 'walk', '2026-06-15', '09:00', { kind: 'unscheduled' }],
    ['a tour the timetable cannot name', undefined, '2026-06-15', '19:00', { kind: 'unscheduled' }],
  ])('%s', (_label, tourId, day, time, fit) => {
    expect(departureFit(timetable, tourId, day, time)).toEqual(fit);
  });
});

describe('seatVerdict', () => {
  const thirty: DepartureFit = { kind: 'departure', capacity: 30 };
  it.each<[string, DepartureFit, [booked: number, before: number, after: number], unknown]>([
    ['the last 2 seats of 30 taken by 2', thirty, [28, 0, 2], { ok: true }],
    [
      '3 guests where 2 seats are left',
      thirty,
      [28, 0, 3],
      { ok: false, code: 'OVER_CAPACITY', seatsLeft: 2, capacity: 30 },
    ],
    ['a full departure', thirty, [30, 0, 1], { ok: false, code: 'OVER_CAPACITY', seatsLeft: 0, capacity: 30 }],
    [
      'a departure already over (39/30)',
      thirty,
      [39, 0, 1],
      { ok: false, code: 'OVER_CAPACITY', seatsLeft: 0, capacity: 30 },
    ],
    ['a booking of 2 grown to 4 with 2 left', thirty, [28, 2, 4], { ok: true }],
    [
      'a booking of 2 grown to 5 with 2 left',
      thirty,
      [28, 2, 5],
      { ok: false, code: 'OVER_CAPACITY', seatsLeft: 2, capacity: 30 },
    ],
    ['fewer guests on an over-full departure', thirty, [39, 5, 4], { ok: true }],
    ['a change of name on an over-full departure', thirty, [39, 5, 5], { ok: true }],
    ['a cancellation', thirty, [39, 5, 0], { ok: true }],
    ['a departure without a capacity', { kind: 'departure', capacity: null }, [500, 0, 25], { ok: true }],
    ['a tour without a timetable', { kind: 'unscheduled' }, [500, 0, 25], { ok: true }],
    ['no departure at that time', { kind: 'noDeparture' }, [0, 0, 1], { ok: false, code: 'NO_DEPARTURE' }],
    ['fewer guests where there is no departure', { kind: 'noDeparture' }, [4, 4, 2], { ok: true }],
  ])('%s', (_label, fit, [booked, before, after], verdict) => {
    expect(seatVerdict(fit, { booked, before, after })).toEqual(verdict);
  });

  it.each<[string, DepartureFit, object, unknown]>([
    [
      'a Manager books over capacity, and it says so',
      thirty,
      { overCapacity: true },
      { ok: true, overCapacity: { capacity: 30, booked: 53 } },
    ],
    [
      'over capacity is not outside the timetable',
      thirty,
      { outsideTimetable: true },
      { ok: false, code: 'OVER_CAPACITY', seatsLeft: 2, capacity: 30 },
    ],
    [
      'an import of history books outside the timetable',
      { kind: 'noDeparture' },
      { outsideTimetable: true },
      { ok: true },
    ],
    [
      'outside the timetable is not over capacity',
      { kind: 'noDeparture' },
      { overCapacity: true },
      { ok: false, code: 'NO_DEPARTURE' },
    ],
  ])('%s', (_label, fit, overrides, verdict) => {
    expect(seatVerdict(fit, { booked: 28, before: 0, after: 25 }, overrides)).toEqual(verdict);
  });
});

describe('overCapacityMessage', () => {
  it.each([
    [0, 'No seats left on this departure'],
    [1, 'Only 1 seat left on this departure'],
    [2, 'Only 2 seats left on this departure'],
  ])('%i seats left: %s', (left, text) => {
    expect(overCapacityMessage(left)).toBe(text);
  });
});

describe('SeatLedger', () => {
  const at = (time: string) => ({ day: '2026-06-15', time, tour: 'Boat' });
  const ledger = () => {
    const seats = new SeatLedger();
    seats.add(at('19:00'), { kind: 'departure', capacity: 30 }, 25);
    seats.add(at('21:00'), { kind: 'departure', capacity: 10 }, 10);
    return seats;
  };
  const create = (time: string, pax: number): SeatMove => ({ from: null, to: { slot: at(time), pax } });

  it('counts each write that passes for the next, and refuses the one that no longer fits', () => {
    const seats = ledger();
    expect(seats.take(create('19:00', 3))).toEqual({ ok: true });
    expect(seats.take(create('19:00', 3))).toEqual({ ok: false, code: 'OVER_CAPACITY', seatsLeft: 2, capacity: 30 });
    expect(seats.take(create('19:00', 2))).toEqual({ ok: true });
    expect(seats.take(create('19:00', 1))).toMatchObject({ ok: false, seatsLeft: 0 });
  });

  it('frees the seats of a booking moved away or cancelled', () => {
    const seats = ledger();
    expect(seats.take(create('21:00', 1))).toMatchObject({ ok: false, seatsLeft: 0 });
    // 4 guests of the full 21:00 move to 19:00 (5 seats left): 21:00 has 4 free.
    expect(seats.take({ from: { slot: at('21:00'), pax: 4 }, to: { slot: at('19:00'), pax: 4 } })).toEqual({
      ok: true,
    });
    expect(seats.take({ from: { slot: at('19:00'), pax: 4 }, to: { slot: at('19:00'), pax: 0 } })).toEqual({
      ok: true,
    });
    expect(seats.take(create('21:00', 4))).toEqual({ ok: true });
    expect(seats.take(create('19:00', 5))).toEqual({ ok: true });
  });

  it('leaves the count as it was when a write is refused', () => {
    const seats = ledger();
    expect(seats.take(create('21:00', 1))).toMatchObject({ ok: false });
    expect(seats.take({ from: { slot: at('21:00'), pax: 2 }, to: { slot: at('21:00'), pax: 2 } })).toEqual({
      ok: true,
    });
  });

  it('counts an overbooking it was allowed', () => {
    const seats = ledger();
    expect(seats.take(create('21:00', 2), { overCapacity: true })).toEqual({
      ok: true,
      overCapacity: { capacity: 10, booked: 12 },
    });
    expect(seats.take({ from: { slot: at('21:00'), pax: 2 }, to: { slot: at('21:00'), pax: 0 } })).toEqual({
      ok: true,
    });
    expect(seats.take(create('21:00', 1))).toMatchObject({ ok: false, seatsLeft: 0 });
  });

  it('refuses to judge a departure whose seats it was not given', () => {
    expect(() => ledger().take(create('08:00', 1))).toThrow(/not read/);
  });

  it.each<[string, SeatMove, boolean]>([
    ['a new booking', create('19:00', 2), true],
    ['more guests', { from: { slot: at('19:00'), pax: 2 }, to: { slot: at('19:00'), pax: 3 } }, true],
    ['a move', { from: { slot: at('19:00'), pax: 2 }, to: { slot: at('21:00'), pax: 2 } }, true],
    ['the same guests', { from: { slot: at('19:00'), pax: 2 }, to: { slot: at('19:00'), pax: 2 } }, false],
    ['a cancellation', { from: { slot: at('19:00'), pax: 2 }, to: { slot: at('19:00'), pax: 0 } }, false],
  ])('takesSeats: %s → %p', (_label, move, takes) => {
    expect(takesSeats(move)).toBe(takes);
  });
});
