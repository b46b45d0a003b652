import { hasStarted, walkInCheckedIn } from '../../src/domain/departureTimes';

const madrid = { timezone: 'Europe/Madrid', beforeTime: 60 };
// 12:00 in Madrid (UTC+2 in June).
const NOON = new Date('2026-06-15T10:00:00Z');

describe('walkInCheckedIn ("Checked in now" on by default)', () => {
  it.each([
    ['a walk-in for a departure that started an hour ago', 'Walkin', '2026-06-15', '11:00', true],
    ['a walk-in for a departure starting now', 'Walkin', '2026-06-15', '12:00', true],
    ['a walk-in for a departure in exactly beforeTime (60 minutes)', 'Walkin', '2026-06-15', '13:00', true],
    ['a walk-in for a departure in 61 minutes', 'Walkin', '2026-06-15', '13:01', false],
    ['a walk-in for tomorrow', 'Walkin', '2026-06-16', '12:00', false],
    ['a walk-in for next week', 'Walkin', '2026-06-22', '10:00', false],
    ['a walk-in recorded for yesterday', 'Walkin', '2026-06-14', '18:00', true],
    ['a booking of another source starting now', 'Viator', '2026-06-15', '12:00', false],
  ])('%s: %p', (_label, source, day, time, expected) => {
    expect(walkInCheckedIn(source, { day, time }, madrid, NOON)).toBe(expected);
  });

  it("judges the start in the company's zone, with its own window", () => {
    // 12:00 in Madrid is 06:00 in New York: a 06:30 departure there is within 60 minutes, a 07:30 one is not.
    const newYork = { timezone: 'America/New_York', beforeTime: 60 };
    expect(walkInCheckedIn('Walkin', { day: '2026-06-15', time: '06:30' }, newYork, NOON)).toBe(true);
    expect(walkInCheckedIn('Walkin', { day: '2026-06-15', time: '07:30' }, newYork, NOON)).toBe(false);
    expect(walkInCheckedIn('Walkin', { day: '2026-06-15', time: '12:30' }, { ...madrid, beforeTime: 15 }, NOON)).toBe(
      false,
    );
  });
});

describe('hasStarted', () => {
  it.each([
    ['2026-06-15', '11:59', 'Europe/Madrid', true],
    ['2026-06-15', '12:00', 'Europe/Madrid', true],
    ['2026-06-15', '12:01', 'Europe/Madrid', false],
    ['2020-01-01', '10:00', 'Europe/Madrid', true],
    ['2026-06-15', '08:00', 'America/New_York', false],
  ])('%s %s in %s: %p at noon in Madrid', (day, time, timezone, expected) => {
    expect(hasStarted({ day, time }, timezone, NOON)).toBe(expected);
  });
});
