import type { HistoryEntry } from '../../src/domain/events';
import { deviceLabel, historyLine, historySummary, historyTime } from '../../src/domain/history';

describe('deviceLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'iPad',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      'Android phone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      'Android tablet',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Mac',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      'Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Linux'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0', 'Edge'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 OPR/109.0', 'Opera'],
    ['Mozilla/5.0 Gecko/20100101 Firefox/125.0', 'Firefox'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36', 'Chrome'],
    ['Mozilla/5.0 AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', 'Safari'],
    ['curl/8.5.0', 'Unknown device'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%p → %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });
});

const entry = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  at: '2026-11-21T09:02:00.000Z',
  kind: 'booking.edited',
  by: 'Ana',
  userAgent: null,
  changes: [],
  slot: null,
  ...overrides,
});

describe('historySummary', () => {
  it.each<[string, Partial<HistoryEntry>, string]>([
    [
      'a check-in, by its counts',
      { kind: 'booking.checkedIn', changes: [{ field: 'Adults', to: '3' }], checkedIn: { attended: 3, pax: 4 } },
      'Checked in 3 of 4',
    ],
    [
      'a check-in that chose a guide',
      {
        kind: 'booking.checkedIn',
        changes: [{ field: 'Guide', from: '—', to: 'Lucia' }],
        checkedIn: { attended: 2, pax: 2 },
      },
      'Checked in 2 of 2, Guide → Lucia',
    ],
    ['an edit, by its changes', { changes: [{ field: 'Adults', from: '3', to: '4' }] }, 'Adults 3 → 4'],
    [
      'an edit of two fields',
      {
        changes: [
          { field: 'Adults', from: '3', to: '4' },
          { field: 'Time', from: '10:30', to: '11:00' },
        ],
      },
      'Adults 3 → 4, Time 10:30 → 11:00',
    ],
    ['an edit of nothing this reader may see', { changes: [] }, 'Edited'],
    ['a move to a slot this reader may not see', { changes: [], movedOut: true }, 'Moved to another slot'],
    ['a move here from a slot this reader may not see', { changes: [{ field: 'Time', to: '10:00' }] }, 'Time → 10:00'],
    [
      'a cancellation',
      { kind: 'booking.cancelled', changes: [{ field: 'Cancelled', from: 'no', to: 'yes' }] },
      'Cancelled',
    ],
    ['an added booking', { kind: 'booking.added', changes: [{ field: 'Adults', to: '2' }] }, 'Added'],
    [
      'a booking a Manager added over capacity',
      {
        kind: 'booking.added',
        changes: [
          { field: 'Adults', to: '25' },
          { field: 'Over capacity', to: '28 / 20 pax' },
        ],
      },
      'Added over capacity (28 / 20 pax)',
    ],
    [
      'a guide assigned',
      { kind: 'booking.guideAssigned', changes: [{ field: 'Guide', from: '—', to: 'Lucia' }] },
      'Guide → Lucia',
    ],
    [
      "a channel's change refused for the guests checked in, which changed nothing",
      { kind: 'booking.changeRefused', changes: [{ field: 'Date', from: '2036-07-01', to: '2037-01-15' }] },
      'Refused, guests checked in: Date 2036-07-01 → 2037-01-15',
    ],
    [
      'a saved note',
      { kind: 'slot.noteSaved', changes: [{ field: 'Note', from: '—', to: 'Meet here' }] },
      'Note saved',
    ],
    [
      'a cleared note',
      { kind: 'slot.noteSaved', changes: [{ field: 'Note', from: 'Meet here', to: '—' }] },
      'Note cleared',
    ],
    [
      "the slot's guides",
      { kind: 'slot.guidesSaved', changes: [{ field: 'Guides', from: '—', to: 'Lucia, Ben' }] },
      'Guides → Lucia, Ben',
    ],
  ])('%s', (_name, overrides, summary) => {
    expect(historySummary(entry(overrides))).toBe(summary);
  });
});

describe('historyTime (in the company zone; the date only before today)', () => {
  const now = new Date('2026-11-21T15:00:00.000Z');
  it.each([
    ['2026-11-21T09:02:00.000Z', 'Europe/Madrid', '10:02'],
    ['2026-11-20T23:30:00.000Z', 'Europe/Madrid', '00:30'],
    ['2026-11-20T22:30:00.000Z', 'Europe/Madrid', '20 Nov 23:30'],
    ['2026-11-19T08:40:00.000Z', 'America/New_York', '19 Nov 03:40'],
  ])('%s in %s → %s', (at, timezone, shown) => {
    expect(historyTime(at, timezone, now)).toBe(shown);
  });
});

describe('historyLine', () => {
  const now = new Date('2026-11-21T15:00:00.000Z');
  const iPad = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

  it('says what, by whom, on what and when', () => {
    const checkIn = entry({ kind: 'booking.checkedIn', userAgent: iPad, checkedIn: { attended: 3, pax: 4 } });
    expect(historyLine(checkIn, 'Europe/Madrid', now)).toBe('Checked in 3 of 4 · by Ana · iPad · 10:02');
  });

  it("gives a check-in made well before it was received both times, the device's first", () => {
    const late = entry({
      kind: 'booking.checkedIn',
      userAgent: iPad,
      checkedIn: { attended: 3, pax: 4 },
      at: '2026-11-21T09:40:00.000Z',
      madeAt: '2026-11-21T09:02:00.000Z',
    });
    expect(historyLine(late, 'Europe/Madrid', now)).toBe(
      'Checked in 3 of 4 · by Ana · iPad · made at 10:02 on the device, received 10:40',
    );
    const overnight = { ...late, madeAt: '2026-11-20T22:50:00.000Z' };
    expect(historyLine(overnight, 'Europe/Madrid', now)).toBe(
      'Checked in 3 of 4 · by Ana · iPad · made at 20 Nov 23:50 on the device, received 10:40',
    );
  });

  it("names the booking first in a slot's activity", () => {
    const added = entry({ kind: 'booking.added', bookingName: 'Ben Ito', by: 'manager@demo.test' });
    expect(historyLine(added, 'Europe/Madrid', now)).toBe(
      'Ben Ito: Added · by manager@demo.test · Unknown device · 10:02',
    );
  });
});
