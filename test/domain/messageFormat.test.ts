import { formatMessage } from '../../src/domain/messageFormat';

const BOOKINGS_EN = '{count, plural, =0 {No bookings} one {# booking} other {# bookings}}';
const BOOKINGS_ES = '{count, plural, =0 {Ninguna reserva} one {# reserva} other {# reservas}}';
const ROLE = '{role, select, manager {Manager} guide {Guide} other {Member}}';
const TO_GUIDE =
  '{role, select, guide {{count, plural, one {# slot to guide} other {# slots to guide}}} ' +
  'other {{count, plural, one {# slot} other {# slots}}}}';

describe('formatMessage', () => {
  it.each([
    [BOOKINGS_EN, 'en', 1, '1 booking'],
    [BOOKINGS_EN, 'en', 3, '3 bookings'],
    [BOOKINGS_EN, 'en', 0, 'No bookings'],
    [BOOKINGS_ES, 'es', 1, '1 reserva'],
    [BOOKINGS_ES, 'es', 3, '3 reservas'],
    [BOOKINGS_ES, 'es', 0, 'Ninguna reserva'],
    // Spanish has a "many" category for millions; a message without it falls back to "other".
    [BOOKINGS_ES, 'es', 1_000_000, '1.000.000 reservas'],
  ])('words %s in %s for %d as "%s"', (message, locale, count, expected) => {
    expect(formatMessage(message, { count }, locale)).toBe(expected);
  });

  it('picks the select case for the value, and "other" for any value it does not name', () => {
    expect(formatMessage(ROLE, { role: 'guide' })).toBe('Guide');
    expect(formatMessage(ROLE, { role: 'owner' })).toBe('Member');
  });

  it('formats a plural nested in a select with the select case chosen', () => {
    expect(formatMessage(TO_GUIDE, { role: 'guide', count: 1 })).toBe('1 slot to guide');
    expect(formatMessage(TO_GUIDE, { role: 'manager', count: 2 })).toBe('2 slots');
  });

  it.each([
    ['en', 1234, '1,234 bookings'],
    ['es', 1234, '1234 reservas'],
    ['es', 12345, '12.345 reservas'],
  ])('writes # as %s writes %d', (locale, count, expected) => {
    expect(formatMessage(locale === 'en' ? BOOKINGS_EN : BOOKINGS_ES, { count }, locale)).toBe(expected);
  });

  it('formats a number put in a plain placeholder by the locale, and leaves text as it is', () => {
    expect(formatMessage('{pax} guests on {tour}', { pax: 12345, tour: 'Old Town 1234' }, 'es')).toBe(
      '12.345 guests on Old Town 1234',
    );
  });

  it("reads '' as an apostrophe and quoted braces and # as text", () => {
    expect(formatMessage("Today''s slots")).toBe("Today's slots");
    expect(formatMessage("Write '{name}' for the guest's name", { name: 'Ana' })).toBe(
      "Write {name} for the guest's name",
    );
    expect(formatMessage("{count, plural, other {# in slot '#'1}}", { count: 4 })).toBe('4 in slot #1');
  });

  it('leaves a placeholder without a value empty', () => {
    expect(formatMessage('{name} checked in', {})).toBe(' checked in');
  });

  it('names the message it cannot parse', () => {
    expect(() => formatMessage('{count, plural, one {# booking}}', { count: 1 })).toThrow(
      'Message "{count, plural, one {# booking}}": count has no "other" case',
    );
    expect(() => formatMessage('Check in {name')).toThrow('Message "Check in {name"');
  });
});
