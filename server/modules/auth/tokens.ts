import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Caller } from '../../db/signedIn';
import { UUID } from '../../lib/ids';

/** What an access token carries (see `Caller`): a member, their company and role, and their session version. */
export type AccessClaims = Caller;

const ALGORITHMS = ['HS256'];

/** Access tokens are short-lived HS256 JWTs (jose), checked on every signed-in request. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    const session = claims.sessionId === undefined ? {} : { sid: claims.sessionId };
    return new SignJWT({
      company: claims.companyId,
      role: claims.role,
      ver: claims.sessionVersion,
      ...session,
      typ: 'access',
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Null for anything but an unexpired HS256 access token signed with our key. */
  async verify(token: string): Promise<AccessClaims | null> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ALGORITHMS, typ: 'JWT', requiredClaims: ['exp'] }));
    } catch {
      return null;
    }
    const { sub, company, role, ver, sid, typ } = payload;
    if (typ !== 'access' || typeof company !== 'string' || typeof sub !== 'string') return null;
    if ((role !== 'Manager' && role !== 'Guide') || typeof ver !== 'number') return null;
    // Tokens signed before sessions were named have no `sid` (they expire within the access-token lifetime).
    if (sid !== undefined && (typeof sid !== 'string' || !UUID.test(sid))) return null;
    const claims: AccessClaims = { userId: sub, companyId: company, role, sessionVersion: ver };
    if (typeof payload.exp === 'number') claims.expiresAt = payload.exp * 1000;
    if (sid !== undefined) claims.sessionId = sid;
    return claims;
  }

  /**
   * The refresh token that follows `parent` in its session: derived from it under the server's key, so a retry of
   * `parent` (its answer lost on a bad connection) gets the same successor again instead of a second chain.
   */
  successorRefreshToken(companyId: string, parent: string): string {
    return `${companyId}.${createHmac('sha256', this.key).update(`refresh successor ${parent}`).digest('base64url')}`;
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
