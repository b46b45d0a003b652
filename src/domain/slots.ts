import type { Booking } from './booking';
import {
  addCounts,
  CUSTOMER_TYPES,
  CUSTOMER_TYPE_LABELS,
  countsFromList,
  ZERO_COUNTS,
  type CustomerCounts,
} from './customerTypes';
import { formatMessage, msg, type MessageValues } from './messageFormat';

type Words = (message: string, values?: MessageValues) => string;

/** The source of bookings that name none, as the totals key them; a screen shows it with `t(UNKNOWN_SOURCE)`. */
export const UNKNOWN_SOURCE = msg('Unknown');

/** Spec §2: a messaging link from the digits only, leading zeros removed; null when no digits remain. */
export function phoneLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^0+/, '');
  return digits ? `https://wa.me/${digits}` : null;
}

export interface SlotTotals {
  booked: CustomerCounts;
  checkedIn: CustomerCounts;
  bySource: Array<{ source: string; counts: CustomerCounts }>;
}

/** Per-type totals of a slot's live (not cancelled) bookings, overall and per source. */
export function slotTotals(
  bookings: ReadonlyArray<Pick<Booking, 'customers' | 'attendees' | 'cancelled' | 'source'>>,
): SlotTotals {
  const booked = { ...ZERO_COUNTS };
  const checkedIn = { ...ZERO_COUNTS };
  const sources = new Map<string, CustomerCounts>();
  for (const booking of bookings) {
    if (booking.cancelled) continue;
    const counts = countsFromList(booking.customers);
    addCounts(booked, counts);
    addCounts(checkedIn, countsFromList(booking.attendees));
    const source = booking.source ?? UNKNOWN_SOURCE;
    const perSource = sources.get(source) ?? { ...ZERO_COUNTS };
    addCounts(perSource, counts);
    sources.set(source, perSource);
  }
  const bySource = [...sources.entries()]
    .map(([source, counts]) => ({ source, counts }))
    .sort((a, b) => a.source.localeCompare(b.source));
  return { booked, checkedIn, bySource };
}

function countsText(counts: CustomerCounts, words: Words): string {
  return (
    CUSTOMER_TYPES.filter((type) => counts[type] > 0)
      .map((type) => words(msg('{type}: {count}'), { type: words(CUSTOMER_TYPE_LABELS[type]), count: counts[type] }))
      .join(', ') || words(msg('No guests'))
  );
}

/** The plain-text summary Copy pax puts on the clipboard (issue: date, time, tour, per type, per source). */
export function slotSummaryText(
  slot: { dateLabel: string; time: string; tour: string },
  totals: SlotTotals,
  includeSources: boolean,
  words: Words = formatMessage,
): string {
  const total = CUSTOMER_TYPES.reduce((sum, type) => sum + totals.booked[type], 0);
  const lines = [
    `${slot.dateLabel} ${slot.time} ${slot.tour}`,
    words(msg('Total: {total} ({counts})'), { total, counts: countsText(totals.booked, words) }),
  ];
  if (includeSources) {
    for (const { source, counts } of totals.bySource) {
      const name = source === UNKNOWN_SOURCE ? words(UNKNOWN_SOURCE) : source;
      lines.push(`${name}: ${countsText(counts, words)}`);
    }
  }
  return lines.join('\n');
}
