import { z } from 'zod';
import {
  ALIAS_MAX_LENGTH,
  ALIASES_MAX,
  canonicalTimeZone,
  TOUR_COLORS,
  TOUR_FLAGS,
  WINDOW_MINUTES_MAX,
} from '../company';
import { scanPatternProblem } from '../bookingReference';
import { languageSchema } from './languages';

export const tourColorSchema = z.enum(TOUR_COLORS);
export const tourFlagSchema = z.enum(TOUR_FLAGS);

export const tourSchema = z.object({
  _id: z.string(),
  id: z.string(),
  label: z.string(),
  color: tourColorSchema,
  flag: tourFlagSchema,
  /** Archived: in past bookings and reports only; absent in copies stored before tours could be archived. */
  archived: z.boolean().optional(),
  /** Other names channels use for it (imports and the channel API); absent in copies stored before them. */
  aliases: z.array(z.string()).optional(),
});
export type Tour = z.infer<typeof tourSchema>;

export const sourceSchema = z.object({
  /** The row id, to change the source by; absent in copies stored before sources could be changed. */
  _id: z.string().optional(),
  id: z.string(),
  label: z.string(),
  archived: z.boolean().optional(),
  /** The pattern that finds this source's reference in a scanned voucher; absent when it has none. */
  scanPattern: z.string().optional(),
});
export type Source = z.infer<typeof sourceSchema>;

/** The company's yes/no rules (spec §3), as the company answers them and as a Manager changes them. */
const companyFlags = {
  unlockBookings: z.boolean(),
  showPhoneToManagers: z.boolean(),
  showPhoneToGuides: z.boolean(),
  display: z.boolean(),
  hideSourcesCopyOnly: z.boolean(),
  displaySourcesModal: z.boolean(),
  detailedShifts: z.boolean(),
};

export const companySchema = z.object({
  _id: z.string(),
  name: z.string(),
  timezone: z.string(),
  /** True while the zone is sign-up's guess, until a Manager confirms or changes it; absent in older copies. */
  timezoneGuessed: z.boolean().optional(),
  tours: z.array(tourSchema),
  sources: z.array(sourceSchema),
  beforeTime: z.number().int(),
  afterTime: z.number().int(),
  /** Spec §4: only an explicit false lifts the guide visibility window, so it may be absent. */
  hideBookings: z.boolean().nullable(),
  /** What a new member speaks until they pick their own: sign-up's page language, then a Manager's choice. */
  defaultLanguage: languageSchema,
  ...companyFlags,
});
export type Company = z.infer<typeof companySchema>;

const windowMinutes = (field: string) =>
  z
    .number()
    .int(`${field}: Enter whole minutes`)
    .min(0, `${field}: Enter 0 minutes or more`)
    .max(WINDOW_MINUTES_MAX, `${field}: Enter at most ${WINDOW_MINUTES_MAX} minutes (a day)`);

/** An IANA zone, answered as the runtime spells it (`europe/madrid` → `Europe/Madrid`). */
export const timeZoneSchema = z
  .string()
  .max(100)
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (!zone) ctx.addIssue({ code: 'custom', message: `timezone: ${name} is not a time zone (e.g. Europe/Madrid)` });
    return zone ?? name;
  });

/** PATCH /api/company/{companyId}: the settings a Manager changes, any of them, at least one. */
export const companySettingsBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, 'name: Enter the company name').max(100, 'name: At most 100 characters'),
    /** Sending it, changed or not, confirms the zone sign-up guessed. */
    timezone: timeZoneSchema,
    beforeTime: windowMinutes('beforeTime'),
    afterTime: windowMinutes('afterTime'),
    hideBookings: z.boolean(),
    defaultLanguage: languageSchema,
    ...companyFlags,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Change at least one setting' });
export type CompanySettingsBody = z.infer<typeof companySettingsBodySchema>;

const catalogLabel = z.string().trim().min(1, 'label: Enter a name').max(60, 'label: At most 60 characters');

/** POST /api/company/{companyId}/tours and …/sources: a new tour or source, by name. */
export const catalogEntryBodySchema = z.strictObject({ label: catalogLabel });

const aliasName = (field: string) =>
  z
    .string()
    .trim()
    .min(1, `${field}: Enter a name`)
    .max(ALIAS_MAX_LENGTH, `${field}: At most ${ALIAS_MAX_LENGTH} characters`);

/** A tour's other names, all of them at once (an empty list removes them). */
const tourAliases = z.array(aliasName('aliases')).max(ALIASES_MAX, `aliases: At most ${ALIASES_MAX} other names`);

/** A source's scan pattern; empty (or null) removes it. */
const scanPatternSchema = z
  .string()
  .trim()
  .superRefine((pattern, ctx) => {
    const problem = pattern === '' ? undefined : scanPatternProblem(pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable();

/**
 * PATCH …/tours/{tourId} and …/sources/{sourceId}: rename, move to a place in the list (0 first), archive or restore;
 * a tour also takes its other names, all at once, or one more (`addAlias`, added to the names it has then).
 */
export const catalogChangeBodySchema = z
  .strictObject({
    label: catalogLabel,
    position: z.number().int('position: Enter a whole number').min(0, 'position: 0 or more').max(1000),
    archived: z.boolean(),
    aliases: tourAliases,
    addAlias: aliasName('addAlias'),
    scanPattern: scanPatternSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Change the name, the place or the archive' });
export type CatalogChange = z.infer<typeof catalogChangeBodySchema>;
