// Constants and types only: the zod schemas are in ./schemas, so the app can use these without bundling zod.
import type { Role } from './auth';
import type { Company } from './schemas/company';

export const TOUR_COLORS = ['default', 'blue', 'pink', 'green', 'brown', 'black', 'yellow'] as const;
export const TOUR_FLAGS = ['none', 'spain', 'uk', 'italy', 'france', 'portugal'] as const;
export type TourColor = (typeof TOUR_COLORS)[number];
export type TourFlag = (typeof TOUR_FLAGS)[number];

export const WALKIN_SOURCE = 'Walkin';
/** The Guide window's bounds, in minutes before and after a slot's start (spec §4 beforeTime, afterTime). */
export const WINDOW_MINUTES_MAX = 24 * 60;
/** A tour's other names (the product names channels use), and how long each may be. */
export const ALIASES_MAX = 20;
export const ALIAS_MAX_LENGTH = 120;

/** The names a new booking may take: archived tours and sources stay on past bookings and reports only. */
export function activeLabels(entries: ReadonlyArray<{ label: string; archived?: boolean }>): string[] {
  return entries.filter((entry) => !entry.archived).map((entry) => entry.label);
}

/**
 * The company as a member of `role` is answered it (sign-in, refresh, GET /api/company): a tour's other names, the
 * product names channels send, are for a Manager's imports and settings.
 */
export function companySeenBy(company: Company, role: Role): Company {
  if (role === 'Manager') return company;
  return { ...company, tours: company.tours.map(({ aliases: _aliases, ...tour }) => tour) };
}

/** How IANA writes a zone's name (`America/Argentina/Buenos_Aires`, `Etc/GMT+1`): no bare offsets like `+01:00`. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** An IANA zone name as the runtime spells it (`europe/madrid` → `Europe/Madrid`), or undefined if it knows none. */
export function canonicalTimeZone(name: string): string | undefined {
  if (!ZONE_NAME.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export type { Company, Source, Tour } from './schemas/company';
