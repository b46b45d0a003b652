import fc from 'fast-check';
import { isValidPhone } from '../../src/domain/booking';
import { describeDifferences } from '../../src/domain/bookingChanges';
import { groupSlots } from '../../src/domain/slotGroups';
import { clampAttendance } from '../../src/domain/attendance';
import { phoneLink, slotSummaryText, slotTotals } from '../../src/domain/slots';

const booking = (time: string, tour: string, pax: number, extra: Record<string, unknown> = {}) => ({
  time,
  tour,
  pax,
  cancelled: false,
  attendees: [{ Adults: 0 }],
  customers: [{ Adults: pax }],
  source: 'Viator',
  ...extra,
});

describe('groupSlots', () => {
  it('groups by time and tour, sums pax without cancelled bookings, sorts by time then tour name', () => {
    const slots = groupSlots([
      booking('10:00', 'Tapas', 2),
      booking('09:00', 'Walk', 3, { attendees: [{ Adults: 2 }] }),
      booking('10:00', 'Boat', 4),
      booking('10:00', 'Tapas', 5),
      booking('10:00', 'Tapas', 7, { cancelled: true }),
      booking('09:00', 'Walk', 1),
    ]);
    expect(slots).toEqual([
      { time: '09:00', tour: 'Walk', pax: 4, checkedIn: 2 },
      { time: '10:00', tour: 'Boat', pax: 4, checkedIn: 0 },
      { time: '10:00', tour: 'Tapas', pax: 7, checkedIn: 0 },
    ]);
  });

  it("adds the timetable's departures as slots, 0 pax until booked, with their capacity", () => {
    const slots = groupSlots(
      [booking('10:00', 'Walk', 28), booking('11:30', 'Boat', 2)],
      [
        { time: '10:00', tour: 'Walk', capacity: 25 },
        { time: '09:00', tour: 'Tapas', capacity: null },
      ],
    );
    expect(slots).toEqual([
      { time: '09:00', tour: 'Tapas', pax: 0, checkedIn: 0, capacity: null },
      { time: '10:00', tour: 'Walk', pax: 28, checkedIn: 0, capacity: 25 },
      { time: '11:30', tour: 'Boat', pax: 2, checkedIn: 0 },
    ]);
  });

  it('keeps a slot whose bookings are all cancelled, with 0 pax', () => {
    expect(groupSlots([booking('10:00', 'Walk', 3, { cancelled: true })])).toEqual([
      { time: '10:00', tour: 'Walk', pax: 0, checkedIn: 0 },
    ]);
  });

  it('preserves the total of live pax (property)', () => {
    const arb = fc.array(
      fc.record({
        time: fc.constantFrom('09:00', '10:00', '11:30'),
        tour: fc.constantFrom('A', 'B', 'C'),
        pax: fc.integer({ min: 1, max: 40 }),
        cancelled: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const slots = groupSlots(rows.map((r) => ({ ...r, attendees: [] })));
        const live = rows.filter((r) => !r.cancelled).reduce((sum, r) => sum + r.pax, 0);
        expect(slots.reduce((sum, s) => sum + s.pax, 0)).toBe(live);
        const keys = slots.map((s) => `${s.time} ${s.tour}`);
        expect(keys).toEqual([...keys].sort());
      }),
    );
  });
});

describe('clampAttendance', () => {
  it.each([
    ['3', 5, 3],
    ['7', 5, 5],
    ['-2', 5, 0],
    ['abc', 5, 0],
    ['', 5, 0],
    [' 4 ', 5, 4],
    ['2.7', 5, 2],
    [9, 4, 4],
    [Number.NaN, 4, 0],
  ])('%p with %d booked → %d', (value, booked, expected) => {
    expect(clampAttendance(value, booked)).toBe(expected);
  });
});

describe('phoneLink', () => {
  it.each([
    ['+34 600 123 456', 'https://wa.me/34600123456'],
    ['0044 7911 123456', 'https://wa.me/447911123456'],
    ['(0)612-34-56', 'https://wa.me/6123456'],
    ['', null],
    [null, null],
    ['000', null],
  ])('%p → %p', (phone, link) => {
    expect(phoneLink(phone)).toBe(link);
  });
});

describe('isValidPhone', () => {
  it.each([
    ['+34 600 123 456', true],
    ['0044 (0) 7911-123456', true],
    ['12345', false],
    ['call me', false],
    ['+1234567890123456', false],
  ])('%s: %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });
});

describe('slot totals and the Copy pax text', () => {
  const bookings = [
    { customers: [{ Adults: 2 }, { Children: 1 }], attendees: [{ Adults: 1 }], cancelled: false, source: 'Viator' },
    { customers: [{ Adults: 3 }], attendees: [], cancelled: false, source: 'Walkin' },
    { customers: [{ Adults: 9 }], attendees: [], cancelled: true, source: 'Walkin' },
  ];

  it('sums booked and checked-in guests per type and per source, without cancelled bookings', () => {
    const totals = slotTotals(bookings);
    expect(totals.booked).toEqual({ Adults: 5, Teens: 0, Children: 1 });
    expect(totals.checkedIn).toEqual({ Adults: 1, Teens: 0, Children: 0 });
    expect(totals.bySource).toEqual([
      { source: 'Viator', counts: { Adults: 2, Teens: 0, Children: 1 } },
      { source: 'Walkin', counts: { Adults: 3, Teens: 0, Children: 0 } },
    ]);
  });

  it('writes date, time, tour, totals per type and per source unless sources are hidden', () => {
    const slot = { dateLabel: 'Mon 15/6/2026', time: '10:00', tour: 'Old Town Walk' };
    const withSources = slotSummaryText(slot, slotTotals(bookings), true);
    expect(withSources).toBe(
      'Mon 15/6/2026 10:00 Old Town Walk\nTotal: 6 (Adults: 5, Children: 1)\nViator: Adults: 2, Children: 1\nWalkin: Adults: 3',
    );
    expect(slotSummaryText(slot, slotTotals(bookings), false)).not.toContain('Viator');
  });
});

describe('describeDifferences', () => {
  const before = {
    name: 'Ana',
    counts: { Adults: 2, Teens: 0, Children: 0 },
    time: '10:00',
    tour: 'Walk',
    date: '2026-06-15',
    source: 'Walkin',
    phone: null,
    cancelled: false,
  };

  it('lists each changed field readably', () => {
    const after = { ...before, counts: { Adults: 3, Teens: 0, Children: 1 }, phone: '+34 600', cancelled: true };
    expect(describeDifferences(before, after)).toBe('Adults: 2 → 3; Children: 0 → 1; Phone: — → +34 600; Cancelled');
  });

  it('is empty when nothing changed', () => {
    expect(describeDifferences(before, { ...before })).toBe('');
  });
});
