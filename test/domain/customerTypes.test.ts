import fc from 'fast-check';
import {
  CUSTOMER_TYPES,
  countsFromList,
  listFromCounts,
  totalCount,
  type CustomerCounts,
} from '../../src/domain/customerTypes';
import { countListSchema } from '../../src/domain/schemas/counts';

describe('customer counts', () => {
  it('reads the spec wire shape into counts per type', () => {
    expect(countsFromList([{ Adults: 2 }, { Children: 1 }])).toEqual({ Adults: 2, Teens: 0, Children: 1 });
  });

  it('writes counts back, leaving out zero types unless kept', () => {
    const counts: CustomerCounts = { Adults: 3, Teens: 0, Children: 0 };
    expect(listFromCounts(counts)).toEqual([{ Adults: 3 }]);
    expect(listFromCounts(counts, ['Children'])).toEqual([{ Adults: 3 }, { Children: 0 }]);
  });

  it('round-trips any counts', () => {
    const count = fc.integer({ min: 0, max: 40 });
    fc.assert(
      fc.property(fc.record({ Adults: count, Teens: count, Children: count }), (counts) => {
        expect(countsFromList(listFromCounts(counts, CUSTOMER_TYPES))).toEqual(counts);
        expect(totalCount(counts)).toBe(counts.Adults + counts.Teens + counts.Children);
      }),
    );
  });

  it('validates the wire shape: one known type per entry, each at most once, within the limit', () => {
    const schema = countListSchema(15);
    expect(schema.safeParse([{ Adults: 2 }, { Children: 0 }]).success).toBe(true);
    expect(schema.safeParse([{ Adults: 16 }]).success).toBe(false);
    expect(schema.safeParse([{ Adults: -1 }]).success).toBe(false);
    expect(schema.safeParse([{ Adults: 1.5 }]).success).toBe(false);
    expect(schema.safeParse([{ Adults: 1, Children: 1 }]).success).toBe(false);
    expect(schema.safeParse([{ Adults: 1 }, { Adults: 1 }]).success).toBe(false);
    expect(schema.safeParse([{ Seniors: 1 }]).success).toBe(false);
  });
});
