import { CUSTOMER_TYPES, type CustomerCounts } from './customerTypes';

/** The editable facts of a booking, compared by describeDifferences. */
export interface BookingSnapshot {
  name: string;
  counts: CustomerCounts;
  time: string;
  tour: string;
  date: string;
  source: string;
  phone: string | null;
  cancelled: boolean;
}

/** One thing an edit changed: a field from one value to another (as shown, `—` for none), or the cancellation. */
export interface BookingChange {
  field: string;
  from?: string;
  to?: string;
}

/** What a viewer may be shown of a booking (spec §6): phones by the role's setting, sources with `display`. */
export interface ShownFields {
  phone: boolean;
  source: boolean;
}

const shownValue = (value: unknown) => (value === null || value === '' ? '—' : String(value));

export function bookingChanges(before: BookingSnapshot, after: BookingSnapshot): BookingChange[] {
  const changes: BookingChange[] = [];
  const field = (name: string, a: unknown, b: unknown) => {
    if (a !== b) changes.push({ field: name, from: shownValue(a), to: shownValue(b) });
  };
  field('Name', before.name, after.name);
  for (const type of CUSTOMER_TYPES) field(type, before.counts[type], after.counts[type]);
  field('Date', before.date, after.date);
  field('Time', before.time, after.time);
  field('Tour', before.tour, after.tour);
  field('Source', before.source, after.source);
  field('Phone', before.phone, after.phone);
  if (!before.cancelled && after.cancelled) changes.push({ field: 'Cancelled' });
  return changes;
}

/** The readable account of changes (spec §3 `differences`), without the fields this viewer may not see. */
export function differencesText(
  changes: readonly BookingChange[],
  shown: ShownFields = { phone: true, source: true },
): string {
  return changes
    .filter(({ field }) => (field !== 'Phone' || shown.phone) && (field !== 'Source' || shown.source))
    .map(({ field, from, to }) => (from === undefined ? field : `${field}: ${from} → ${to}`))
    .join('; ');
}

/** A readable account of what an edit changed, as the editor sees it before saving. */
export function describeDifferences(before: BookingSnapshot, after: BookingSnapshot): string {
  return differencesText(bookingChanges(before, after));
}
