// Constants and types only: the zod schemas are in ./schemas, so the app can use these without bundling zod.
export const TOUR_COLORS = ['default', 'blue', 'pink', 'green', 'brown', 'black', 'yellow'] as const;
export const TOUR_FLAGS = ['none', 'spain', 'uk', 'italy', 'france', 'portugal'] as const;
export type TourColor = (typeof TOUR_COLORS)[number];
export type TourFlag = (typeof TOUR_FLAGS)[number];

export const WALKIN_SOURCE = 'Walkin';
/** The Guide window's bounds, in minutes before and after a slot's start (spec §4 beforeTime, afterTime). */
export const WINDOW_MINUTES_MAX = 24 * 60;

/** An IANA zone name as the runtime spells it (`europe/madrid` → `Europe/Madrid`), or undefined if it knows none. */
export function canonicalTimeZone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export type { Company, Source, Tour } from './schemas/company';
