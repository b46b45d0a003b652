/** What the slot's search field matches a booking on: its name, its channel id and the digits of its phone. */
export interface Searchable {
  name: string;
  bookingId: string;
  /** Absent when the viewer's role is not shown phones: a hidden phone is never searched. */
  phone?: string | null;
}

/** Accents and case ignored: "muller" finds "Müller", "JOSE" finds "José". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

const PHONE_LIKE = /^[\d\s+().-]+$/;

/**
 * Every word of the query must appear in the name or the booking id; a query of phone characters with at least
 * three digits also finds the bookings whose phone contains those digits ("600 12" finds "+34 600 123 456").
 */
export function matchesSearch(booking: Searchable, query: string): boolean {
  const folded = foldForSearch(query).trim();
  if (folded === '') return true;
  const haystack = `${foldForSearch(booking.name)} ${foldForSearch(booking.bookingId)}`;
  if (folded.split(/\s+/).every((word) => haystack.includes(word))) return true;
  const digits = folded.replace(/\D/g, '');
  if (!PHONE_LIKE.test(folded) || digits.length < 3 || !booking.phone) return false;
  return booking.phone.replace(/\D/g, '').includes(digits);
}
