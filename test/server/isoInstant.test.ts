import fc from 'fast-check';
import { isoInstant } from '../../server/lib/instants';

describe('isoInstant', () => {
  test('is toISOString for any instant, years before 1000 and after 9999 included', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        expect(isoInstant(date)).toBe(date.toISOString());
      }),
      { numRuns: 5000 },
    );
    for (const text of ['0000-01-01T00:00:00.000Z', '0999-12-31T23:59:59.999Z', '2026-11-21T08:05:09.007Z']) {
      expect(isoInstant(new Date(text))).toBe(text);
    }
    expect(isoInstant(new Date(-1))).toBe('1969-12-31T23:59:59.999Z');
    expect(isoInstant(new Date(Date.UTC(10000, 0, 1)))).toBe('+010000-01-01T00:00:00.000Z');
  });

  test('throws for an invalid date, as toISOString does', () => {
    expect(() => isoInstant(new Date(Number.NaN))).toThrow(RangeError);
  });
});
