// How a channel API key's dates read in Settings: pure functions, in the company's time zone.
import { formatMessage, msg, type MessageValues } from './messageFormat';
import type { ApiKey } from './schemas/apiKeys';
import { clockInZone, todayInZone } from './zonedDates';

// Here rather than in schemas/apiKeys.ts, which the server checks with: the Settings page does not load zod.
export const API_KEY_NAME_MAX = 80;
export const API_KEY_SOURCES_MAX = 50;

/** The reader's words for a key's dates: a screen passes its `t` and its language's locale; English by default. */
export interface KeyWords {
  words: (message: string, values?: MessageValues) => string;
  locale: string;
}

const ENGLISH: KeyWords = { words: formatMessage, locale: 'en-US' };

/** Why a new key's name cannot be sent (in English, for `t`), or null; the field stops at API_KEY_NAME_MAX characters. */
export function apiKeyNameProblem(name: string): string | null {
  return name.trim() === '' ? msg('Name is required') : null;
}

/** Why a key's sources cannot be sent (in English, for `t`), or null: a key reads and writes its sources' bookings only. */
export function apiKeySourcesProblem(sources: readonly string[]): string | null {
  return sources.length === 0 ? msg('Pick at least one source') : null;
}

/**
 * "12 Nov 2026", "12 nov 2026": en-US parts for English, as in history.ts, so September stays "Sep" whatever the
 * platform's en-GB says.
 */
function dateInZone(timezone: string, at: Date, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: timezone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const part = Object.fromEntries(format.formatToParts(at).map(({ type, value }) => [type, value]));
  return `${part.day} ${part.month} ${part.year}`;
}

/** "Created 12 Nov 2026 by Marta"; without the name once its creator has left. */
export function apiKeyCreated(
  key: Pick<ApiKey, 'createdAt' | 'createdBy'>,
  timezone: string,
  { words, locale }: KeyWords = ENGLISH,
): string {
  const date = dateInZone(timezone, new Date(key.createdAt), locale);
  return key.createdBy
    ? words(msg('Created {date} by {name}'), { date, name: key.createdBy })
    : words(msg('Created {date}'), { date });
}

/** "Last used 10:02 today", "Last used 10 Nov 2026 at 10:02" or "Never used". */
export function apiKeyLastUsed(
  key: Pick<ApiKey, 'lastUsedAt'>,
  timezone: string,
  now: Date,
  { words, locale }: KeyWords = ENGLISH,
): string {
  if (!key.lastUsedAt) return words(msg('Never used'));
  const used = new Date(key.lastUsedAt);
  const time = clockInZone(timezone, used);
  return todayInZone(timezone, used) === todayInZone(timezone, now)
    ? words(msg('Last used {time} today'), { time })
    : words(msg('Last used {date} at {time}'), { date: dateInZone(timezone, used, locale), time });
}
