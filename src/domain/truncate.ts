/** Spec §9: email over 20 characters shows its first 17 plus dots. */
export const EMAIL_MAX = 20;
export const EMAIL_KEPT = 17;
/** Spec §2: a booking id longer than 8 characters shows its first 7 plus dots; empty shows 'No Id'. */
export const BOOKING_ID_MAX = 8;
export const BOOKING_ID_KEPT = 7;
/** Spec §4: a note over 100 characters previews its first 97. */
export const NOTE_MAX = 100;
export const NOTE_KEPT = 97;

const ELLIPSIS = '...';

function truncate(text: string, max: number, kept: number): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, kept).join('') + ELLIPSIS : text;
}

export function truncateEmail(email: string): string {
  return truncate(email, EMAIL_MAX, EMAIL_KEPT);
}

export function truncateBookingId(bookingId: string | null | undefined): string {
  if (!bookingId) return 'No Id';
  return truncate(bookingId, BOOKING_ID_MAX, BOOKING_ID_KEPT);
}

export interface NotePreview {
  text: string;
  truncated: boolean;
}

export function notePreview(note: string): NotePreview {
  const text = truncate(note, NOTE_MAX, NOTE_KEPT);
  return { text, truncated: text !== note };
}
