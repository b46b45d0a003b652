import { v7 as uuidv7 } from 'uuid';
import type { AuthUser } from '../../../src/domain/auth';
import type { Db } from '../../db/client';
import { UnauthorizedError } from '../../errors';
import { findCompany } from '../companies/companies.repository';
import { findActiveUser, findActiveUserByEmail, type UserRow } from '../users/users.repository';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import {
  findRefreshTokenByHash,
  insertRefreshToken,
  markRotated,
  revokeFamily,
  type RefreshTokenRow,
} from './refreshTokens.repository';
import { hashRefreshToken, newRefreshToken, type TokenService } from './tokens';

export interface Session {
  user: AuthUser;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface AuthSettings {
  refreshTokenTtlSeconds: number;
  refreshGraceSeconds: number;
}

export const INVALID_CREDENTIALS = 'Invalid email or password';
const SESSION_ENDED = 'Your session has ended, please sign in again';

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly settings: AuthSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async login(email: string, password: string): Promise<Session> {
    const user = await findActiveUserByEmail(this.db, email);
    const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !ok) throw new UnauthorizedError(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    return this.startSession(user, uuidv7());
  }

  /** Rotates the refresh token; reuse of a rotated one past the grace period revokes its whole family. */
  async refresh(rawToken: string | undefined): Promise<Session> {
    if (!rawToken) throw new UnauthorizedError(SESSION_ENDED, 'NO_REFRESH_TOKEN');
    const row = await findRefreshTokenByHash(this.db, hashRefreshToken(rawToken));
    const now = this.now();
    if (!row || row.revokedAt || row.expiresAt <= now) {
      throw new UnauthorizedError(SESSION_ENDED, 'INVALID_REFRESH_TOKEN');
    }
    if (row.rotatedAt || !(await markRotated(this.db, row, now))) {
      await this.handleRotatedToken(row, now);
    }
    const user = await findActiveUser(this.db, row.companyId, row.userId);
    if (!user) throw new UnauthorizedError(SESSION_ENDED, 'INVALID_REFRESH_TOKEN');
    return this.startSession(user, row.familyId);
  }

  async logout(rawToken: string | undefined): Promise<void> {
    if (!rawToken) return;
    const row = await findRefreshTokenByHash(this.db, hashRefreshToken(rawToken));
    if (row) await revokeFamily(this.db, row.companyId, row.familyId, this.now());
  }

  async startSession(user: UserRow, familyId: string): Promise<Session> {
    const refreshToken = newRefreshToken();
    const refreshExpiresAt = new Date(this.now().getTime() + this.settings.refreshTokenTtlSeconds * 1000);
    await insertRefreshToken(this.db, {
      companyId: user.companyId,
      id: uuidv7(),
      userId: user.id,
      familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: refreshExpiresAt,
    });
    return { user: await this.authUser(user), refreshToken, refreshExpiresAt };
  }

  async authUser(user: UserRow): Promise<AuthUser> {
    const [token, company] = await Promise.all([
      this.tokens.sign({ userId: user.id, companyId: user.companyId, role: user.role }),
      findCompany(this.db, user.companyId),
    ]);
    if (!company) throw new UnauthorizedError(SESSION_ENDED, 'INVALID_REFRESH_TOKEN');
    return {
      _id: user.id,
      email: user.email,
      token,
      role: user.role,
      assignable: user.assignable,
      name: user.name,
      company,
    };
  }

  /**
   * A rotated token presented again is either a retry after a lost response (within the grace period: allowed)
   * or a stolen token being replayed (revoke the family).
   */
  private async handleRotatedToken(row: RefreshTokenRow, now: Date): Promise<void> {
    const current = await findRefreshTokenByHash(this.db, row.tokenHash);
    const rotatedAt = current?.rotatedAt ?? now;
    if (current?.revokedAt) throw new UnauthorizedError(SESSION_ENDED, 'INVALID_REFRESH_TOKEN');
    if (now.getTime() - rotatedAt.getTime() <= this.settings.refreshGraceSeconds * 1000) return;
    await revokeFamily(this.db, row.companyId, row.familyId, now);
    throw new UnauthorizedError(SESSION_ENDED, 'REFRESH_TOKEN_REUSED');
  }
}
