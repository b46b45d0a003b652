import fc from 'fast-check';
import { CUSTOMER_TYPES, type CustomerCounts } from '../../src/domain/customerTypes';
import { splitByAssignment, splitEvenly, splitMatchesTotals, type AssignedBooking } from '../../src/domain/split';

const counts = (Adults: number, Teens = 0, Children = 0): CustomerCounts => ({ Adults, Teens, Children });

describe('splitEvenly', () => {
  it.each([
    ['7 adults between 2 guides', counts(7), 2, [counts(4), counts(3)]],
    ['10 adults between 3 guides', counts(10), 3, [counts(4), counts(3), counts(3)]],
    ['per type: 5 adults, 2 teens, 1 child between 2', counts(5, 2, 1), 2, [counts(3, 1, 1), counts(2, 1, 0)]],
    ['2 adults between 3 guides', counts(2), 3, [counts(1), counts(1), counts(0)]],
    ['everyone to a single guide', counts(9, 1, 2), 1, [counts(9, 1, 2)]],
    ['no guides', counts(9), 0, []],
  ])('%s', (_label, totals, guides, expected) => {
    expect(splitEvenly(totals, guides)).toEqual(expected);
  });

  const totalsArb = fc.record({
    Adults: fc.integer({ min: 0, max: 200 }),
    Teens: fc.integer({ min: 0, max: 50 }),
    Children: fc.integer({ min: 0, max: 50 }),
  });

  it('preserves the totals, never differs by more than one between guides, gives the remainder to the first', () => {
    fc.assert(
      fc.property(totalsArb, fc.integer({ min: 1, max: 12 }), (totals, guides) => {
        const shares = splitEvenly(totals, guides);
        expect(shares).toHaveLength(guides);
        expect(splitMatchesTotals(shares, totals)).toBe(true);
        for (const type of CUSTOMER_TYPES) {
          const values = shares.map((s) => s[type]);
          expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
          // Non-increasing: the larger shares come first.
          values.forEach((v, i) => i > 0 && expect(v).toBeLessThanOrEqual(values[i - 1] as number));
        }
      }),
    );
  });
});

describe('splitMatchesTotals', () => {
  it('spots a split that does not add up', () => {
    expect(splitMatchesTotals([counts(5), counts(1)], counts(7))).toBe(false);
    expect(splitMatchesTotals([counts(4), counts(3)], counts(7))).toBe(true);
  });
});

describe('splitByAssignment', () => {
  const booking = (guide: string | null, guests: CustomerCounts, cancelled = false): AssignedBooking => ({
    guide,
    counts: guests,
    cancelled,
  });
  const twoGuidesLead = [booking('ana', counts(12)), booking('ana', counts(6)), booking('ben', counts(18))];

  it.each([
    [
      'a third guide with no bookings gets 0, not a third of the guests',
      ['ana', 'ben', 'cy'],
      twoGuidesLead,
      { shares: [counts(18), counts(18), counts(0)], unassigned: counts(0) },
    ],
    [
      'per type, in the order the guides are given',
      ['ben', 'ana'],
      [booking('ana', counts(2, 1, 0)), booking('ben', counts(1, 0, 2)), booking('ana', counts(0, 0, 1))],
      { shares: [counts(1, 0, 2), counts(2, 1, 1)], unassigned: counts(0) },
    ],
    [
      'bookings without a guide are unassigned',
      ['ana', 'ben'],
      [booking('ana', counts(4)), booking(null, counts(3)), booking('', counts(0, 0, 1))],
      { shares: [counts(4), counts(0)], unassigned: counts(3, 0, 1) },
    ],
    [
      'a guide left out of the split leaves their bookings unassigned',
      ['ana'],
      twoGuidesLead,
      { shares: [counts(18)], unassigned: counts(18) },
    ],
    [
      'cancelled bookings count for nobody',
      ['ana', 'ben'],
      [booking('ana', counts(4)), booking('ben', counts(3), true), booking(null, counts(2), true)],
      { shares: [counts(4), counts(0)], unassigned: counts(0) },
    ],
    ['no guides chosen: everyone is unassigned', [], twoGuidesLead, { shares: [], unassigned: counts(36) }],
  ])('%s', (_label, guides, bookings, expected) => {
    expect(splitByAssignment(guides, bookings)).toEqual(expected);
  });

  it.each([
    ['no bookings', []],
    ['no booking has a guide', [booking(null, counts(4)), booking('', counts(3))]],
    ['only a cancelled booking has a guide', [booking('ana', counts(4), true), booking(null, counts(3))]],
  ])('is null (the split stays as chosen) with %s', (_label, bookings) => {
    expect(splitByAssignment(['ana', 'ben'], bookings)).toBeNull();
  });
});
