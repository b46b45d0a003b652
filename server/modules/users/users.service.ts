import { v7 as uuidv7 } from 'uuid';
import { WALKIN_SOURCE } from '../../../src/domain/company';
import type { SignupBody } from '../../../src/domain/schemas/auth';
import { defaultCompanyName } from '../../../src/domain/signup';
import type { Db } from '../../db/client';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { isUniqueViolation } from '../../db/errors';
import { BadRequestError, ConflictError, UnauthorizedError } from '../../errors';
import type { Device } from '../../lib/device';
import type { AuthService, Session } from '../auth/auth.service';
import { findActiveUser, findMemberKeysByEmail } from '../auth/members.repository';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/refreshTokens.repository';
import { insertCompany, insertSources } from '../companies/companies.repository';
import { recordEvents } from '../eventLog/eventLog';
import { insertUser, updatePasswordHash } from './users.repository';

export const EMAIL_TAKEN = 'An account with this email already exists';

export function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? email;
}

export class UsersService {
  constructor(
    /** For the email lookup across companies (a SECURITY DEFINER function). */
    private readonly db: Db,
    private readonly tenancy: Tenancy,
    private readonly auth: AuthService,
  ) {}

  /**
   * Signup creates a company (its name, the browser's zone or UTC, guessed until a Manager confirms it; a Walkin
   * source, no tours) whose first member is its Manager.
   */
  async signup(body: SignupBody, device: Device): Promise<Session> {
    const { email, password } = body;
    if (await findMemberKeysByEmail(this.db, email)) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
    // argon2 runs outside any transaction: it takes tens of milliseconds.
    const passwordHash = await hashPassword(password);
    const companyId = uuidv7();
    const userId = uuidv7();
    const company = { name: body.companyName ?? defaultCompanyName(email), timezone: body.timezone ?? 'UTC' };
    const name = nameFromEmail(email);
    try {
      return await this.tenancy.run(companyId, async (tx) => {
        await insertCompany(tx, { id: companyId, ...company, timezoneGuessed: true });
        await insertSources(tx, [{ companyId, id: uuidv7(), key: 'walkin', label: WALKIN_SOURCE, position: 0 }]);
        await insertUser(tx, { companyId, id: userId, email, name, role: 'Manager', assignable: true, passwordHash });
        const user = await findActiveUser(tx, companyId, userId);
        if (!user) throw new Error('Signed-up user vanished');
        const actor = { companyId, userId, name, email, device };
        await recordEvents(tx, actor, [{ kind: 'company.created', after: company }]);
        return this.auth.startSession(tx, user, uuidv7());
      });
    } catch (err) {
      // Another sign-up took the email between the check and the insert.
      if (isUniqueViolation(err)) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
      throw err;
    }
  }

  /** Ends every session of the user (refresh and access tokens) and starts a fresh one for the caller. */
  async changePassword(caller: Caller, oldPassword: string, newPassword: string): Promise<Session> {
    const { companyId, userId } = caller;
    const user = await this.tenancy.runAs(caller, (tx) => findActiveUser(tx, companyId, userId));
    if (!user) throw new UnauthorizedError();
    // argon2 runs outside any transaction: it takes tens of milliseconds.
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      throw new BadRequestError('Old password is incorrect', 'WRONG_PASSWORD');
    }
    const passwordHash = await hashPassword(newPassword);
    return this.tenancy.run(companyId, async (tx) => {
      await updatePasswordHash(tx, companyId, userId, passwordHash);
      await revokeUserSessions(tx, companyId, userId, new Date());
      const changed = await findActiveUser(tx, companyId, userId);
      if (!changed) throw new UnauthorizedError();
      return this.auth.startSession(tx, changed, uuidv7());
    });
  }
}
