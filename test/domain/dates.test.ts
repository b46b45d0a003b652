import { isCalendarDay, isValidTimeZone } from '../../src/domain/dates';
import { todayInZone } from '../../src/domain/zonedDates';

describe('todayInZone', () => {
  it.each([
    // 23:30 UTC on 31 Dec is already New Year in Madrid but not in New York.
    ['2026-12-31T23:30:00Z', 'Europe/Madrid', '2027-01-01'],
    ['2026-12-31T23:30:00Z', 'America/New_York', '2026-12-31'],
    ['2026-12-31T23:30:00Z', 'UTC', '2026-12-31'],
    // The spring-forward night in Madrid.
    ['2026-03-29T01:30:00Z', 'Europe/Madrid', '2026-03-29'],
    ['2026-06-15T03:00:00Z', 'Pacific/Auckland', '2026-06-15'],
  ])('%s in %s is %s', (instant, zone, day) => {
    expect(todayInZone(zone, new Date(instant))).toBe(day);
  });

  it('knows real time zones from made-up ones', () => {
    expect(isValidTimeZone('Europe/Madrid')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('isCalendarDay', () => {
  it.each([
    ['2026-06-15', true],
    ['2028-02-29', true],
    ['1900-01-01', true],
    ['2999-12-31', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['0000-01-01', false],
    ['1899-12-31', false],
    ['3000-01-01', false],
    ['2026-6-15', false],
    ['15/06/2026', false],
  ])('%s → %s', (day, expected) => {
    expect(isCalendarDay(day)).toBe(expected);
  });
});
