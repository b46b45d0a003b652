import { randomBytes } from 'node:crypto';
import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from '../../../src/domain/bookingReference';

/** Tries before a write gives up: with 32⁸ codes, a second draw colliding too is already beyond belief. */
export const REFERENCE_TRIES = 5;

/** A new booking reference, from a cryptographic source (32 letters: a byte modulo 32 has no bias). */
export function newBookingReference(): string {
  const bytes = randomBytes(REFERENCE_LENGTH);
  let reference = '';
  for (const byte of bytes) reference += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return reference;
}

/** References for `count` new bookings, none drawn twice. */
export function newBookingReferences(count: number): string[] {
  const references = new Set<string>();
  while (references.size < count) references.add(newBookingReference());
  return [...references];
}
