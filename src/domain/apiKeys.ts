// How a channel API key's dates read in Settings: pure functions, in the company's time zone.
import type { ApiKey } from './schemas/apiKeys';
import { clockInZone, todayInZone } from './zonedDates';

// Here rather than in schemas/apiKeys.ts, which the server checks with: the Settings page does not load zod.
export const API_KEY_NAME_MAX = 80;
export const API_KEY_SOURCES_MAX = 50;

/** Why a new key's name cannot be sent, or null; the field stops at API_KEY_NAME_MAX characters. */
export function apiKeyNameProblem(name: string): string | null {
  return name.trim() === '' ? 'Name is required' : null;
}

/** Why a key's sources cannot be sent, or null: a key reads and writes the bookings of its sources only. */
export function apiKeySourcesProblem(sources: readonly string[]): string | null {
  return sources.length === 0 ? 'Pick at least one source' : null;
}

/** "12 Nov 2026": en-US parts, as in history.ts, so September stays "Sep" whatever the platform's en-GB says. */
function dateInZone(timezone: string, at: Date): string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const part = Object.fromEntries(format.formatToParts(at).map(({ type, value }) => [type, value]));
  return `${part.day} ${part.month} ${part.year}`;
}

/** "Created 12 Nov 2026 by Marta"; without the name once its creator has left. */
export function apiKeyCreated(key: Pick<ApiKey, 'createdAt' | 'createdBy'>, timezone: string): string {
  const created = `Created ${dateInZone(timezone, new Date(key.createdAt))}`;
  return key.createdBy ? `${created} by ${key.createdBy}` : created;
}

/** "Last used 10:02 today", "Last used 10 Nov 2026 at 10:02" or "Never used". */
export function apiKeyLastUsed(key: Pick<ApiKey, 'lastUsedAt'>, timezone: string, now: Date): string {
  if (!key.lastUsedAt) return 'Never used';
  const used = new Date(key.lastUsedAt);
  const time = clockInZone(timezone, used);
  return todayInZone(timezone, used) === todayInZone(timezone, now)
    ? `Last used ${time} today`
    : `Last used ${dateInZone(timezone, used)} at ${time}`;
}
