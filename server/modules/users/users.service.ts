import { v7 as uuidv7 } from 'uuid';
import type { AuthUser } from '../../../src/domain/auth';
import { WALKIN_SOURCE } from '../../../src/domain/company';
import { DEFAULT_LANGUAGE } from '../../../src/domain/languages';
import type { OwnSettingsBody, SignupBody } from '../../../src/domain/schemas/auth';
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
import { insertUser, updateLanguage, updatePasswordHash } from './users.repository';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

export const EMAIL_TAKEN = ERROR_MESSAGES.EMAIL_TAKEN;

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
   * Signup creates a company (its name, the browser's zone or UTC, guessed until a Manager confirms it; the sign-up
   * page's language as its default; a Walkin source, no tours) whose first member is its Manager, in that language.
   */
  async signup(body: SignupBody, device: Device): Promise<Session> {
    const { email, password } = body;
    if (await findMemberKeysByEmail(this.db, email)) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
    // argon2 runs outside any transaction: it takes tens of milliseconds.
    const passwordHash = await hashPassword(password);
    const companyId = uuidv7();
    const userId = uuidv7();
    const language = body.language ?? DEFAULT_LANGUAGE;
    const company = {
      name: body.companyName ?? defaultCompanyName(email),
      timezone: body.timezone ?? 'UTC',
      defaultLanguage: language,
    };
    const name = nameFromEmail(email);
    try {
      return await this.tenancy.run(companyId, async (tx) => {
        await insertCompany(tx, { id: companyId, ...company, timezoneGuessed: true });
        await insertSources(tx, [{ companyId, id: uuidv7(), key: 'walkin', label: WALKIN_SOURCE, position: 0 }]);
        const manager = { companyId, id: userId, email, name, role: 'Manager' as const, assignable: true, language };
        await insertUser(tx, { ...manager, passwordHash });
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
      throw new BadRequestError(ERROR_MESSAGES.WRONG_PASSWORD, 'WRONG_PASSWORD');
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

  /**
   * The caller's own language, whatever their role: answered as sign-in answers the member, with the access token
   * they called with (the language is no claim of it, so it stays valid).
   */
  changeOwnSettings(caller: Caller, token: string, changes: OwnSettingsBody): Promise<AuthUser> {
    return this.tenancy.runAs(caller, async (tx, auth) => {
      const member = await findActiveUser(tx, auth.companyId, auth.userId);
      if (!member) throw new UnauthorizedError();
      if (member.language === changes.language) return this.auth.signedInUser(tx, member, token);
      await updateLanguage(tx, auth.companyId, auth.userId, changes.language);
      await recordEvents(tx, auth, [
        {
          kind: 'team.memberLanguageChanged',
          before: { Language: member.language },
          after: { Language: changes.language },
        },
      ]);
      return this.auth.signedInUser(tx, { ...member, language: changes.language }, token);
    });
  }
}
