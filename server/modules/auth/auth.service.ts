import { v7 as uuidv7 } from 'uuid';
import type { AuthUser } from '../../../src/domain/auth';
import { companySeenBy } from '../../../src/domain/company';
import type { Db } from '../../db/client';
import type { Tenancy } from '../../db/tenancy';
import { UnauthorizedError } from '../../errors';
import { UUID } from '../../lib/ids';
import { findCompany } from '../companies/companies.repository';
import { findActiveUser, findMemberKeysByEmail, type UserRow } from './members.repository';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import {
  findActiveUserByTokenHash,
  findRefreshTokenByHash,
  findRefreshTokenCompany,
  insertRefreshToken,
  revokeFamily,
  rotateInto,
  type RefreshTokenRow,
} from './refreshTokens.repository';
import { companyOfRefreshToken, hashRefreshToken, newRefreshToken, type TokenService } from './tokens';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

export interface Session {
  user: AuthUser;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface AuthSettings {
  refreshTokenTtlSeconds: number;
  refreshGraceSeconds: number;
}

export const INVALID_CREDENTIALS = ERROR_MESSAGES.INVALID_CREDENTIALS;
const SESSION_ENDED = ERROR_MESSAGES.INVALID_REFRESH_TOKEN;

export class AuthService {
  constructor(
    /** For the lookups made before any company is known (SECURITY DEFINER functions, see migration 0002). */
    private readonly db: Db,
    private readonly tenancy: Tenancy,
    private readonly tokens: TokenService,
    private readonly settings: AuthSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Finds the active member by email, across companies: sign-in is the one moment no company is known yet. */
  async findByEmail(email: string): Promise<UserRow | undefined> {
    const keys = await findMemberKeysByEmail(this.db, email);
    if (!keys) return undefined;
    return this.tenancy.run(keys.companyId, (tx) => findActiveUser(tx, keys.companyId, keys.userId));
  }

  async login(email: string, password: string): Promise<Session> {
    const user = await this.findByEmail(email);
    // The password is checked outside any transaction: argon2 takes tens of milliseconds.
    const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !ok) throw new UnauthorizedError(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    return this.tenancy.run(user.companyId, (tx) => this.startSession(tx, user, uuidv7()));
  }

  /** Rotates the refresh token; reuse of a rotated one past the grace period revokes its whole family. */
  async refresh(rawToken: string | undefined): Promise<Session> {
    if (!rawToken) throw new UnauthorizedError(SESSION_ENDED, 'NO_REFRESH_TOKEN');
    const tokenHash = hashRefreshToken(rawToken);
    const companyId = await this.companyOfToken(rawToken, tokenHash);
    if (!companyId) throw new UnauthorizedError(SESSION_ENDED, 'INVALID_REFRESH_TOKEN');
    // A refused reuse is returned rather than thrown, so the family's revocation commits.
    const outcome = await this.tenancy.run(companyId, async (tx): Promise<Session | UnauthorizedError> => {
      const row = await findRefreshTokenByHash(tx, companyId, tokenHash);
      const user = await findActiveUserByTokenHash(tx, companyId, tokenHash);
      const now = this.now();
      if (!row || row.revokedAt || row.expiresAt <= now || !user) {
        return new UnauthorizedError(SESSION_ENDED, 'INVALID_REFRESH_TOKEN');
      }
      if (!row.rotatedAt) {
        const next = this.successorOf(companyId, rawToken);
        if (await rotateInto(tx, row, now, next)) return this.session(tx, user, row.familyId, next);
      }
      const refused = await this.checkRotatedToken(tx, row, now);
      if (refused) return refused;
      // A retry within the grace: the session goes on with the successor already issued, one chain only.
      const successor = this.successorOf(companyId, rawToken);
      const issued = await findRefreshTokenByHash(tx, companyId, successor.tokenHash);
      if (!issued || issued.revokedAt) return new UnauthorizedError(SESSION_ENDED, 'INVALID_REFRESH_TOKEN');
      return this.session(tx, user, row.familyId, { ...successor, expiresAt: issued.expiresAt });
    });
    if (outcome instanceof UnauthorizedError) throw outcome;
    return outcome;
  }

  /**
   * Ends the session of the refresh cookie and the session of the access token, whichever the client sends: a
   * client holding only the bearer signs out too, and its token stops working at once (`Tenancy.runAs`).
   */
  async logout(rawToken: string | undefined, accessToken: string | undefined): Promise<void> {
    if (rawToken) {
      const tokenHash = hashRefreshToken(rawToken);
      const companyId = await this.companyOfToken(rawToken, tokenHash);
      if (companyId) {
        await this.tenancy.run(companyId, async (tx) => {
          const row = await findRefreshTokenByHash(tx, companyId, tokenHash);
          if (row) await revokeFamily(tx, row.companyId, row.familyId, this.now());
        });
      }
    }
    const claims = accessToken ? await this.tokens.verify(accessToken) : null;
    const { companyId, sessionId } = claims ?? {};
    if (companyId && sessionId && UUID.test(companyId)) {
      await this.tenancy.run(companyId, (tx) => revokeFamily(tx, companyId, sessionId, this.now()));
    }
  }

  /** A new refresh token in `familyId` and the signed-in user, in the caller's transaction of the user's company. */
  async startSession(tx: Db, user: UserRow, familyId: string): Promise<Session> {
    const next = this.newToken(user.companyId);
    await insertRefreshToken(tx, {
      companyId: user.companyId,
      id: next.id,
      userId: user.id,
      familyId,
      tokenHash: next.tokenHash,
      expiresAt: next.expiresAt,
    });
    return this.session(tx, user, familyId, next);
  }

  private async session(
    tx: Db,
    user: UserRow,
    familyId: string,
    refresh: { token: string; expiresAt: Date },
  ): Promise<Session> {
    return {
      user: await this.authUser(tx, user, familyId),
      refreshToken: refresh.token,
      refreshExpiresAt: refresh.expiresAt,
    };
  }

  private async authUser(tx: Db, user: UserRow, familyId: string): Promise<AuthUser> {
    const token = await this.tokens.sign({
      userId: user.id,
      companyId: user.companyId,
      role: user.role,
      sessionVersion: user.sessionVersion,
      sessionId: familyId,
    });
    return this.signedInUser(tx, user, token);
  }

  /** The member as sign-in answers them, with `token` as their access token: the one shape of the signed-in user. */
  async signedInUser(tx: Db, user: UserRow, token: string): Promise<AuthUser> {
    const company = await findCompany(tx, user.companyId);
    if (!company) throw new UnauthorizedError(SESSION_ENDED, 'INVALID_REFRESH_TOKEN');
    return {
      _id: user.id,
      email: user.email,
      token,
      role: user.role,
      assignable: user.assignable,
      name: user.name,
      language: user.language,
      company: companySeenBy(company, user.role),
    };
  }

  private newToken(companyId: string) {
    return this.tokenRow(newRefreshToken(companyId));
  }

  private successorOf(companyId: string, parent: string) {
    return this.tokenRow(this.tokens.successorRefreshToken(companyId, parent));
  }

  private tokenRow(token: string) {
    const expiresAt = new Date(this.now().getTime() + this.settings.refreshTokenTtlSeconds * 1000);
    return { id: uuidv7(), token, tokenHash: hashRefreshToken(token), expiresAt };
  }

  /** The token names its company; one issued before tokens did is looked up by its hash across companies. */
  private async companyOfToken(rawToken: string, tokenHash: string): Promise<string | undefined> {
    return companyOfRefreshToken(rawToken) ?? (await findRefreshTokenCompany(this.db, tokenHash));
  }

  /**
   * A rotated token presented again is either a retry after a lost response (within the grace period: allowed)
   * or a stolen token being replayed (revoke the family, and refuse).
   */
  private async checkRotatedToken(tx: Db, row: RefreshTokenRow, now: Date): Promise<UnauthorizedError | undefined> {
    const current = await findRefreshTokenByHash(tx, row.companyId, row.tokenHash);
    const rotatedAt = current?.rotatedAt ?? now;
    if (current?.revokedAt) return new UnauthorizedError(SESSION_ENDED, 'INVALID_REFRESH_TOKEN');
    if (now.getTime() - rotatedAt.getTime() <= this.settings.refreshGraceSeconds * 1000) return undefined;
    await revokeFamily(tx, row.companyId, row.familyId, now);
    return new UnauthorizedError(SESSION_ENDED, 'REFRESH_TOKEN_REUSED');
  }
}
