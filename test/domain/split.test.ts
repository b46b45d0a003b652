import fc from 'fast-check';
import { CUSTOMER_TYPES, type CustomerCounts } from '../../src/domain/customerTypes';
import { splitEvenly, splitMatchesTotals } from '../../src/domain/split';

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
