import { z } from 'zod';
import { TOUR_COLORS, TOUR_FLAGS } from '../company';

export const tourColorSchema = z.enum(TOUR_COLORS);
export const tourFlagSchema = z.enum(TOUR_FLAGS);

export const tourSchema = z.object({
  _id: z.string(),
  id: z.string(),
  label: z.string(),
  color: tourColorSchema,
  flag: tourFlagSchema,
});
export type Tour = z.infer<typeof tourSchema>;

export const sourceSchema = z.object({ id: z.string(), label: z.string() });
export type Source = z.infer<typeof sourceSchema>;

export const companySchema = z.object({
  _id: z.string(),
  name: z.string(),
  timezone: z.string(),
  tours: z.array(tourSchema),
  sources: z.array(sourceSchema),
  beforeTime: z.number().int(),
  afterTime: z.number().int(),
  /** Spec §4: only an explicit false lifts the guide visibility window, so it may be absent. */
  hideBookings: z.boolean().nullable(),
  unlockBookings: z.boolean(),
  showPhoneToManagers: z.boolean(),
  showPhoneToGuides: z.boolean(),
  display: z.boolean(),
  hideSourcesCopyOnly: z.boolean(),
  displaySourcesModal: z.boolean(),
  detailedShifts: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;
