import { DAY_PATTERN } from '../domain/dates';
import { FORMAT_LOCALE, type Language } from '../domain/languages';

/**
 * The calendar date of a `yyyy-MM-dd` address, or null when it is not a real date (2025-02-30 matches the
 * pattern but is not one). Built from its parts in local time so formatting never shifts it across midnight.
 */
export function parseDay(day: string): Date | null {
  if (!DAY_PATTERN.test(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

// Intl, not date-fns' `format`: that brings date-fns' whole en-US locale into the guide's day and slot pages. English
// puts the parts in order itself because browsers' ICU versions differ on the comma after the weekday; Spanish reads
// as Spain's ICU writes it, capitalised as a heading is.
const DAY_LABEL = {
  en: new Intl.DateTimeFormat(FORMAT_LOCALE.en, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
  es: new Intl.DateTimeFormat(FORMAT_LOCALE.es, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
} satisfies Record<Language, Intl.DateTimeFormat>;

/**
 * "Saturday, 21 November 2026", "Sábado, 21 de noviembre de 2026": `day` is already the company's calendar date, so
 * no timezone applies.
 */
export function formatDayLabel(day: string, language: Language): string {
  const date = parseDay(day);
  if (!date) return day;
  if (language !== 'en') {
    const label = DAY_LABEL[language].format(date);
    return label.charAt(0).toLocaleUpperCase(FORMAT_LOCALE[language]) + label.slice(1);
  }
  const part = Object.fromEntries(DAY_LABEL.en.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.weekday}, ${part.day} ${part.month} ${part.year}`;
}

/** "21/11/2026": the day as the date pickers show one (spec §5, d/m/Y without leading zeros). */
export function formatDayNumeric(day: string): string {
  const date = parseDay(day);
  return date ? `${date.getDate()}/${date.getMonth() + 1}/${date.getFullYear()}` : day;
}
