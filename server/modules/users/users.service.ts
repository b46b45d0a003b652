import { v7 as uuidv7 } from 'uuid';
import { WALKIN_SOURCE } from '../../../src/domain/company';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { BadRequestError, ConflictError, UnauthorizedError } from '../../errors';
import type { AuthService, Session } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/refreshTokens.repository';
import { insertCompany, insertSources } from '../companies/companies.repository';
import { findActiveUser, findActiveUserByEmail, insertUser, updatePasswordHash } from './users.repository';

export const EMAIL_TAKEN = 'An account with this email already exists';

/** "ana@olas-tours.es" → "Olas Tours": a starting name the Manager can change later. */
export function companyNameFromEmail(email: string): string {
  const domain = email.split('@')[1] ?? '';
  const label = domain.split('.')[0] ?? '';
  const words = label.split(/[-_]+/).filter(Boolean);
  if (words.length === 0) return 'My company';
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

export function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? email;
}

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
  ) {}

  /** Signup creates a company (UTC, a Walkin source, no tours) whose first member is its Manager. */
  async signup(email: string, password: string): Promise<Session> {
    if (await findActiveUserByEmail(this.db, email)) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
    const passwordHash = await hashPassword(password);
    const companyId = uuidv7();
    const userId = uuidv7();
    try {
      await this.db.transaction(async (tx) => {
        await insertCompany(tx, { id: companyId, name: companyNameFromEmail(email), timezone: 'UTC' });
        await insertSources(tx, [{ companyId, id: uuidv7(), key: 'walkin', label: WALKIN_SOURCE, position: 0 }]);
        await insertUser(tx, {
          companyId,
          id: userId,
          email,
          name: nameFromEmail(email),
          role: 'Manager',
          assignable: true,
          passwordHash,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
      throw err;
    }
    const user = await findActiveUser(this.db, companyId, userId);
    if (!user) throw new Error('Signed-up user vanished');
    return this.auth.startSession(user, uuidv7());
  }

  /** Ends every session of the user and starts a fresh one for the caller, who stays signed in. */
  async changePassword(companyId: string, userId: string, oldPassword: string, newPassword: string): Promise<Session> {
    const user = await findActiveUser(this.db, companyId, userId);
    if (!user) throw new UnauthorizedError();
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      throw new BadRequestError('Old password is incorrect', 'WRONG_PASSWORD');
    }
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await updatePasswordHash(tx, companyId, userId, passwordHash);
      await revokeUserSessions(tx, companyId, userId, new Date());
    });
    return this.auth.startSession(user, uuidv7());
  }
}
