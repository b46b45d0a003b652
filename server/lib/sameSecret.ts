import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares a secret sent with the expected one in constant time, whatever their lengths (both are hashed first). */
export function sameSecret(sent: string | undefined, expected: string): boolean {
  return sent !== undefined && timingSafeEqual(digest(sent), digest(expected));
}
