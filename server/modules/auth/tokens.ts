import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Role } from '../../../src/domain/auth';

export interface AccessClaims {
  userId: string;
  companyId: string;
  role: Role;
  /** The member's session version when the token was issued (see users.session_version). */
  sessionVersion: number;
}

const ALGORITHM = 'HS256';
const HMAC = { name: 'HMAC', hash: 'SHA-256' };

export class TokenService {
  /** Imported once: given the secret's bytes, jose would import the key again on every sign and verify. */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), HMAC, false, ['sign', 'verify']);
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ company: claims.companyId, role: claims.role, ver: claims.sessionVersion, typ: 'access' })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.key);
  }

  /** Null for anything but an unexpired HS256 access token signed with our key. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'sub'],
      });
      if (payload.typ !== 'access' || typeof payload.company !== 'string' || typeof payload.sub !== 'string') {
        return null;
      }
      if (payload.role !== 'Manager' && payload.role !== 'Guide') return null;
      if (typeof payload.ver !== 'number') return null;
      return { userId: payload.sub, companyId: payload.company, role: payload.role, sessionVersion: payload.ver };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}

/** Refresh tokens are opaque random strings; only their hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
