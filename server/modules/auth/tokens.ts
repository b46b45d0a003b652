import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Role } from '../../../src/domain/auth';
import { UUID } from '../../lib/ids';

export interface AccessClaims {
  userId: string;
  companyId: string;
  role: Role;
  /** The member's session version when the token was issued (see users.session_version). */
  sessionVersion: number;
}

/**
 * Access tokens are compact HS256 JWTs, checked on every signed-in request. They are signed and verified with
 * node:crypto's HMAC, synchronously: jose goes through WebCrypto, an asynchronous crypto job per request that cost
 * about 5 % of the server's CPU under load. The format is the one jose produced (header `{"alg":"HS256","typ":"JWT"}`,
 * the same claims), so tokens from either verify with the other.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
/** Header members a token may carry: anything else (`crit`, `b64`, `jku`, …) asks for handling we do not do. */
const HEADER_MEMBERS = new Set(['alg', 'typ']);
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The JSON object a base64url segment holds, or undefined for anything else. */
function decodeObject(segment: string): Record<string, unknown> | undefined {
  if (!SEGMENT.test(segment)) return undefined;
  try {
    const value: unknown = JSON.parse(UTF8.decode(Buffer.from(segment, 'base64url')));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** RFC 7515 §4.1: alg exactly HS256 (never `none`), typ "JWT" when present, no member we would have to understand. */
function acceptableHeader(header: Record<string, unknown>): boolean {
  return (
    header.alg === 'HS256' &&
    (header.typ === undefined || header.typ === 'JWT') &&
    Object.keys(header).every((member) => HEADER_MEMBERS.has(member))
  );
}

/** A NumericDate claim: absent, or a finite number (jose refuses other types too). */
const numericDate = (value: unknown): value is number | undefined =>
  value === undefined || (typeof value === 'number' && Number.isFinite(value));

export class TokenService {
  private readonly key: KeyObject;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  private signature(signingInput: string): string {
    return createHmac('sha256', this.key).update(signingInput).digest('base64url');
  }

  async sign(claims: AccessClaims): Promise<string> {
    const iat = nowSeconds();
    const payload = {
      company: claims.companyId,
      role: claims.role,
      ver: claims.sessionVersion,
      typ: 'access',
      sub: claims.userId,
      iat,
      exp: iat + this.ttlSeconds,
    };
    const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${signingInput}.${this.signature(signingInput)}`;
  }

  /** Null for anything but an unexpired HS256 access token signed with our key. */
  async verify(token: string): Promise<AccessClaims | null> {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, payload, signature] = parts as [string, string, string];
    // Compared as base64url text: one encoding per signature, so a non-canonical spelling of a valid one is refused.
    const expected = Buffer.from(this.signature(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

    const protectedHeader = decodeObject(header);
    if (!protectedHeader || !acceptableHeader(protectedHeader)) return null;
    const claims = decodeObject(payload);
    if (!claims) return null;
    const { exp, iat, nbf } = claims;
    if (typeof exp !== 'number' || !numericDate(exp) || !numericDate(iat) || !numericDate(nbf)) return null;
    const now = nowSeconds();
    if (exp <= now || (nbf !== undefined && nbf > now)) return null;

    if (claims.typ !== 'access' || typeof claims.company !== 'string' || typeof claims.sub !== 'string') return null;
    if (claims.role !== 'Manager' && claims.role !== 'Guide') return null;
    if (typeof claims.ver !== 'number') return null;
    return { userId: claims.sub, companyId: claims.company, role: claims.role, sessionVersion: claims.ver };
  }
}

/**
 * A refresh token is its company's id and 32 random bytes; only its hash is stored. The company lets a refresh go
 * straight to its tenant's rows instead of first looking the hash up across companies (a round trip). It is no
 * secret (access tokens carry it too), and a token presented with another company's id is simply not found there.
 */
export function newRefreshToken(companyId: string): string {
  return `${companyId}.${randomBytes(32).toString('base64url')}`;
}

const RANDOM_PART = /^[\w-]{43}$/;

/** The company a refresh token names; undefined for one issued before tokens named it (or a malformed one). */
export function companyOfRefreshToken(token: string): string | undefined {
  const [companyId, random, ...rest] = token.split('.');
  const named = rest.length === 0 && UUID.test(companyId ?? '') && RANDOM_PART.test(random ?? '');
  return named ? companyId : undefined;
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
