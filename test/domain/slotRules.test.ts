import {
  canModifySlot,
  canSeeSlot,
  guideOpensAt,
  nearbyWindow,
  nextGuideOpening,
  nextDay,
  noteUniqueId,
  parseNoteUniqueId,
  previousDay,
  zonedWhen,
} from '../../src/domain/slotRules';
import { slotStart } from '../../src/domain/slotStart';

const madrid = {
  timezone: 'Europe/Madrid',
  unlockBookings: false,
  hideBookings: true as boolean | null,
  beforeTime: 60,
  afterTime: 60,
};
// 12:00 in Madrid (UTC+2 in June).
const NOON = new Date('2026-06-15T10:00:00Z');

describe('slotStart', () => {
  it.each([
    ['2026-06-15', '12:00', 'Europe/Madrid', '2026-06-15T10:00:00.000Z'],
    ['2026-01-15', '12:00', 'Europe/Madrid', '2026-01-15T11:00:00.000Z'],
    ['2026-06-15', '12:00', 'America/New_York', '2026-06-15T16:00:00.000Z'],
    ['2026-06-15', '00:30', 'UTC', '2026-06-15T00:30:00.000Z'],
  ])('%s %s in %s starts at %s', (day, time, zone, iso) => {
    expect(slotStart({ day, time }, zone).toISOString()).toBe(iso);
  });

  it('answers a repeated question the same, in a Date of its own, and per zone', () => {
    const first = slotStart({ day: '2026-03-29', time: '02:30' }, 'Europe/Madrid');
    first.setTime(0);
    expect(slotStart({ day: '2026-03-29', time: '02:30' }, 'Europe/Madrid').getTime()).not.toBe(0);
    expect(slotStart({ day: '2026-06-15', time: '12:00' }, 'Europe/Madrid').toISOString()).toBe(
      '2026-06-15T10:00:00.000Z',
    );
    expect(slotStart({ day: '2026-06-15', time: '12:00' }, 'America/New_York').toISOString()).toBe(
      '2026-06-15T16:00:00.000Z',
    );
  });
});

describe('canModifySlot (the 30-minute Guide lock)', () => {
  it.each([
    ['a slot later today', '15:00', true],
    ['a slot that started 29 minutes ago', '11:31', true],
    ['a slot that started exactly 30 minutes ago', '11:30', true],
    ['a slot that started 31 minutes ago', '11:29', false],
    ['this morning’s slot', '09:00', false],
  ])('a Guide may change %s: %s', (_label, time, expected) => {
    expect(canModifySlot('Guide', madrid, { day: '2026-06-15', time }, NOON)).toBe(expected);
  });

  it('lets a Guide change any slot when bookings are unlocked', () => {
    expect(
      canModifySlot('Guide', { ...madrid, unlockBookings: true }, { day: '2026-06-01', time: '09:00' }, NOON),
    ).toBe(true);
  });

  it('lets a Manager change any slot', () => {
    expect(canModifySlot('Manager', madrid, { day: '2020-01-01', time: '09:00' }, NOON)).toBe(true);
  });

  it('reads the slot time in the company timezone, not the server’s', () => {
    // 12:00 UTC is 14:00 in Madrid: a 13:40 Madrid slot started 20 minutes ago.
    const now = new Date('2026-06-15T12:00:00Z');
    expect(canModifySlot('Guide', madrid, { day: '2026-06-15', time: '13:40' }, now)).toBe(true);
    expect(canModifySlot('Guide', { ...madrid, timezone: 'UTC' }, { day: '2026-06-15', time: '11:20' }, now)).toBe(
      false,
    );
  });
});

describe('canSeeSlot (the Guide visibility window)', () => {
  it.each([
    ['starts in 60 minutes', '2026-06-15', '13:00', true],
    ['starts in 61 minutes', '2026-06-15', '13:01', false],
    ['started 60 minutes ago', '2026-06-15', '11:00', true],
    ['started 61 minutes ago', '2026-06-15', '10:59', false],
    ['is tomorrow morning', '2026-06-16', '09:00', false],
    ['was yesterday', '2026-06-14', '12:00', false],
  ])('a Guide at noon sees a slot that %s: %s', (_label, day, time, expected) => {
    expect(canSeeSlot('Guide', madrid, { day, time }, NOON)).toBe(expected);
  });

  it('shows a Guide tomorrow’s slots starting within beforeTime of now, across midnight', () => {
    const lateNight = new Date('2026-06-15T21:30:00Z'); // 23:30 in Madrid
    expect(canSeeSlot('Guide', madrid, { day: '2026-06-16', time: '00:15' }, lateNight)).toBe(true);
    expect(canSeeSlot('Guide', madrid, { day: '2026-06-16', time: '00:30' }, lateNight)).toBe(true);
    expect(canSeeSlot('Guide', madrid, { day: '2026-06-16', time: '00:31' }, lateNight)).toBe(false);
    // Still today's slot from 23:00 in the after window.
    expect(canSeeSlot('Guide', madrid, { day: '2026-06-15', time: '23:00' }, lateNight)).toBe(true);
  });

  it('treats "today" in the company timezone: just after midnight in Madrid is still the evening in UTC', () => {
    const justAfterMidnight = new Date('2026-06-15T22:10:00Z'); // 00:10 on the 16th in Madrid
    expect(canSeeSlot('Guide', madrid, { day: '2026-06-16', time: '00:30' }, justAfterMidnight)).toBe(true);
    expect(
      canSeeSlot('Guide', { ...madrid, timezone: 'UTC' }, { day: '2026-06-16', time: '00:30' }, justAfterMidnight),
    ).toBe(false);
  });

  it('lifts the window only when hideBookings is explicitly false', () => {
    const far = { day: '2026-06-20', time: '09:00' };
    expect(canSeeSlot('Guide', { ...madrid, hideBookings: false }, far, NOON)).toBe(true);
    expect(canSeeSlot('Guide', { ...madrid, hideBookings: null }, far, NOON)).toBe(false);
    expect(canSeeSlot('Guide', { ...madrid, hideBookings: true }, far, NOON)).toBe(false);
  });

  it('shows a Manager everything', () => {
    expect(canSeeSlot('Manager', madrid, { day: '2026-12-25', time: '09:00' }, NOON)).toBe(true);
  });
});

describe('guideOpensAt (when a hidden slot enters the Guide window)', () => {
  it.each([
    ['later today', '2026-06-15', '13:30', madrid, '2026-06-15T10:30:00.000Z'],
    ['tomorrow morning', '2026-06-16', '09:00', madrid, '2026-06-16T06:00:00.000Z'],
    ['next week', '2026-06-22', '09:00', madrid, '2026-06-22T06:00:00.000Z'],
    ['just after the next midnight', '2026-06-16', '00:30', madrid, '2026-06-15T21:30:00.000Z'],
    [
      'in two days, with a window of a day',
      '2026-06-17',
      '00:30',
      { ...madrid, beforeTime: 1440 },
      '2026-06-15T22:30:00.000Z',
    ],
    [
      'in New York, in its own zone',
      '2026-06-15',
      '10:00',
      { ...madrid, timezone: 'America/New_York' },
      '2026-06-15T13:00:00.000Z',
    ],
    [
      'opening at its start (no window before)',
      '2026-06-15',
      '14:00',
      { ...madrid, beforeTime: 0 },
      '2026-06-15T12:00:00.000Z',
    ],
  ])('a slot %s (%s %s) opens at %s', (_label, day, time, rules, iso) => {
    const opens = guideOpensAt(rules, { day, time }, NOON);
    expect(opens?.toISOString()).toBe(iso);
    // The instant is the window's edge as canSeeSlot draws it: hidden just before, shown from then on.
    expect(canSeeSlot('Guide', rules, { day, time }, new Date(opens!.getTime() - 1))).toBe(false);
    expect(canSeeSlot('Guide', rules, { day, time }, opens!)).toBe(true);
  });

  it('opens a slot no earlier than the start of the day before it, on a 23-hour day too', () => {
    // Madrid skips 02:00–03:00 on 29 March 2026: a day's window reaches back past the 29th's midnight.
    const slot = { day: '2026-03-30', time: '00:30' };
    const rules = { ...madrid, beforeTime: 1440 };
    const opens = guideOpensAt(rules, slot, new Date('2026-03-28T12:00:00Z'));
    expect(opens?.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(canSeeSlot('Guide', rules, slot, new Date(opens!.getTime() - 1))).toBe(false);
    expect(canSeeSlot('Guide', rules, slot, opens!)).toBe(true);
  });

  it.each([
    ['it is in the window now', '2026-06-15', '12:30', madrid],
    ['its window closed this morning', '2026-06-15', '10:00', madrid],
    ['it was yesterday', '2026-06-14', '23:30', madrid],
    ['Guides see every slot', '2026-06-20', '09:00', { ...madrid, hideBookings: false }],
  ])('is null when %s', (_label, day, time, rules) => {
    expect(guideOpensAt(rules, { day, time }, NOON)).toBeNull();
  });
});

describe('nextGuideOpening', () => {
  const slot = (day: string, time: string, tour: string) => ({ day, time, tour });

  it('names the hidden slot whose window opens first, skipping the shown and the closed', () => {
    const slots = [
      slot('2026-06-15', '10:00', 'Closed Walk'),
      slot('2026-06-15', '12:30', 'Shown Walk'),
      slot('2026-06-16', '09:00', 'Tomorrow Walk'),
      slot('2026-06-15', '17:00', 'Evening Walk'),
      slot('2026-06-15', '15:00', 'Old Town Walk'),
    ];
    expect(nextGuideOpening(madrid, slots, NOON)).toEqual({
      day: '2026-06-15',
      time: '15:00',
      tour: 'Old Town Walk',
      opensAt: '2026-06-15T12:00:00.000Z',
    });
  });

  it('breaks a tie by the tour name, and is null when nothing will open', () => {
    const tied = [slot('2026-06-15', '15:00', 'Tapas Tour'), slot('2026-06-15', '15:00', 'Old Town Walk')];
    expect(nextGuideOpening(madrid, tied, NOON)?.tour).toBe('Old Town Walk');
    expect(nextGuideOpening(madrid, [slot('2026-06-15', '09:00', 'Past Walk')], NOON)).toBeNull();
    expect(nextGuideOpening(madrid, [], NOON)).toBeNull();
  });
});

describe('zonedWhen', () => {
  it.each([
    ['2026-06-15T12:00:00Z', 'Europe/Madrid', { day: 'today', time: '14:00' }],
    ['2026-06-15T22:30:00Z', 'Europe/Madrid', { day: 'tomorrow', time: '00:30' }],
    ['2026-06-15T22:30:00Z', 'UTC', { day: 'today', time: '22:30' }],
    ['2026-06-17T07:00:00Z', 'Europe/Madrid', { day: '2026-06-17', time: '09:00' }],
  ])('%s in %s is %j', (iso, zone, expected) => {
    expect(zonedWhen(new Date(iso), zone, NOON)).toEqual(expected);
  });
});

describe('nearbyWindow (±15 minutes, within the day)', () => {
  it.each([
    ['10:00', '09:45', '10:15'],
    ['00:05', '00:00', '00:20'],
    ['23:50', '23:35', '23:59'],
  ])('%s → %s to %s', (time, startTime, endTime) => {
    expect(nearbyWindow(time)).toEqual({ startTime, endTime });
  });
});

describe('days and note keys', () => {
  it.each([
    ['2026-12-31', '2027-01-01', '2026-12-30'],
    ['2028-02-28', '2028-02-29', '2028-02-27'],
    ['2026-03-01', '2026-03-02', '2026-02-28'],
  ])('around %s: next %s, previous %s', (day, next, previous) => {
    expect(nextDay(day)).toBe(next);
    expect(previousDay(day)).toBe(previous);
  });

  it('keys a note by day-time-tour and reads the key back, dashes in the tour included', () => {
    const key = noteUniqueId('2026-06-15', '10:00', 'Hop-On Harbour Cruise');
    expect(key).toBe('2026-06-15-10:00-Hop-On Harbour Cruise');
    expect(parseNoteUniqueId(key)).toEqual({ day: '2026-06-15', time: '10:00', tour: 'Hop-On Harbour Cruise' });
    expect(parseNoteUniqueId('2026-06-15-25:00-Tour')).toBeNull();
    expect(parseNoteUniqueId('2026-02-30-10:00-Tour')).toBeNull();
    expect(parseNoteUniqueId('hello')).toBeNull();
  });
});
