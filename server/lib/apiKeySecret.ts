import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** A key names its company and itself, so the key is found under that company's row-level security. */
export interface ParsedApiKey {
  companyId: string;
  keyId: string;
  secret: string;
}

// tdk_<key id, 32 hex>_<company id, 32 hex>_<secret, 43 base64url characters: 256 random bits>
const KEY = /^tdk_([0-9a-f]{32})_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;

const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function newApiKey(companyId: string) {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const keyHex = id.replaceAll('-', '');
  return {
    id,
    key: `tdk_${keyHex}_${companyId.replaceAll('-', '')}_${secret}`,
    prefix: `tdk_${keyHex.slice(0, 8)}`,
    secretHash: hashSecret(secret),
  };
}

export function parseApiKey(bearer: string): ParsedApiKey | null {
  const match = KEY.exec(bearer);
  if (!match) return null;
  const [, keyHex = '', companyHex = '', secret = ''] = match;
  return { keyId: uuidOf(keyHex), companyId: uuidOf(companyHex), secret };
}

/** Compared in constant time: the stored hash is not to be guessed a character at a time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
