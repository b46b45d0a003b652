// The event log's kinds and what each answer carries; constants and types only, no zod.
import type { Booking } from './booking';
import type { BookingChange } from './bookingChanges';

export const EVENT_KINDS = [
  'booking.checkedIn',
  'booking.edited',
  'booking.cancelled',
  'booking.added',
  'booking.guideAssigned',
  /** A channel's or an import's change the booking's check-ins kept out (cancel, move, fewer guests): not made. */
  'booking.changeRefused',
  'slot.guidesSaved',
  'slot.noteSaved',
  'company.created',
  'company.settingsChanged',
  'company.tourChanged',
  'company.catalogChanged',
  'company.timetableChanged',
  'team.memberAdded',
  'team.memberRemoved',
  /** A member picked the language the app speaks to them (their own record only). */
  'team.memberLanguageChanged',
  'channel.keyCreated',
  'channel.keyRevoked',
  'channel.keySourcesPicked',
  'bookings.imported',
  'bookings.importUndone',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** A slot as events name it. */
export interface EventSlot {
  day: string;
  time: string;
  tour: string;
}

/** One line of a booking's history or a slot's activity, without what the reader may not see. */
export interface HistoryEntry {
  id: number;
  at: string;
  kind: EventKind;
  /** The member's name as it was then (their email when they had none). */
  by: string;
  /** The browser's own words for itself (its user agent), for a short label. */
  userAgent: string | null;
  changes: BookingChange[];
  /** A check-in's guests checked in of those booked after it. */
  checkedIn?: { attended: number; pax: number };
  /**
   * A check-in's time on the device that made it (the lock was judged at it), when it is over a minute from `at`,
   * the time the server received it: it waited in the device's outbox, or the device's clock is off.
   */
  madeAt?: string;
  /** The slot it happened in; null when the reader may not see that slot. */
  slot: EventSlot | null;
  bookingName?: string;
  /** The reference of the one booking it changed, beside its name (as the reader may see it). */
  bookingReference?: string;
  /** The booking was moved to a slot the reader may not see: where, when and what else changed are left out. */
  movedOut?: boolean;
}

/**
 * One event as a live stream sends it to one member: the bookings it changed as they are now and as that member may
 * see them; `gone`, those they may no longer see (moved out of their window).
 */
export interface LiveEvent {
  id: number;
  kind: EventKind;
  slot: EventSlot | null;
  bookings: Booking[];
  gone: string[];
  /** A note's text after a `slot.noteSaved`. */
  note?: string;
}

/** Sent when the stream cannot replay from the client's last id: refetch what is shown. */
export const STREAM_RESET = 'reset';
/** Sent before the stream ends because the access token expired or the session ended: renew it, then resume. */
export const STREAM_RENEW = 'renew';
/** The header the app sends on every call with its per-browser id. */
export const DEVICE_HEADER = 'x-device-id';
