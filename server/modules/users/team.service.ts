import { v7 as uuidv7 } from 'uuid';
import type { AddGuideBody, Member } from '../../../src/domain/team';
import type { Db } from '../../db/client';
import type { Tenancy } from '../../db/tenancy';
import { uniqueViolation } from '../../db/errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import type { Caller } from '../../db/signedIn';
import { findMemberKeysByEmail, type UserRow } from '../auth/members.repository';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/refreshTokens.repository';
import { recordEvents } from '../eventLog/eventLog';
import { EMAIL_TAKEN } from './users.service';
import { findMember, insertUser, listMembers, listTeam, markDeleted, type MemberRef } from './users.repository';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

const toMember = (row: Pick<UserRow, 'id' | 'email' | 'role' | 'name'>): Member => ({
  _id: row.id,
  email: row.email,
  role: row.role,
  name: row.name,
});

/** The Team page: Managers add and remove guides; everyone may see who is on the team. */
export class TeamService {
  constructor(
    /** For the email lookup across companies (a SECURITY DEFINER function). */
    private readonly db: Db,
    private readonly tenancy: Tenancy,
  ) {}

  async list(caller: Caller): Promise<Member[]> {
    const rows = await this.tenancy.readAs(caller, (tx, auth) => listTeam(tx, auth.companyId));
    return rows.map(toMember);
  }

  /** Active members a booking can be checked in as, by name. */
  guides(caller: Caller): Promise<MemberRef[]> {
    return this.tenancy.readAs(caller, (tx, auth) => listMembers(tx, auth.companyId));
  }

  async addGuide(caller: Caller, body: AddGuideBody): Promise<Member> {
    const nameTaken = (name: string) => new ConflictError(`${name} is already on the team`, 'NAME_TAKEN');
    if (await findMemberKeysByEmail(this.db, body.email)) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
    // argon2 runs outside any transaction: it takes tens of milliseconds.
    const passwordHash = await hashPassword(body.password);
    const row = {
      companyId: caller.companyId,
      id: uuidv7(),
      email: body.email,
      name: body.name,
      role: 'Guide' as const,
      assignable: false,
      passwordHash,
    };
    try {
      await this.tenancy.runAs(caller, async (tx, auth) => {
        // Bookings and shifts show their guide by name, so two active members of a company may not share one.
        const team = await listTeam(tx, auth.companyId);
        if (team.some((m) => m.name.toLowerCase() === body.name.toLowerCase())) throw nameTaken(body.name);
        // A new member speaks the company's language until they pick their own.
        const language = auth.company.defaultLanguage;
        await insertUser(tx, { ...row, language });
        await recordEvents(tx, auth, [
          {
            kind: 'team.memberAdded',
            after: { Name: row.name, Email: row.email, Role: row.role, Language: language },
          },
        ]);
      });
    } catch (err) {
      const violated = uniqueViolation(err);
      // Two requests at once pass the checks above together; the unique indexes settle which one wins.
      if (violated === 'users_active_name_key') throw nameTaken(body.name);
      if (violated !== undefined) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
      throw err;
    }
    return toMember(row);
  }

  /** The member can no longer sign in and every session ends; their past work stays in the reports. */
  async remove(caller: Caller, memberId: string): Promise<void> {
    if (memberId === caller.userId) {
      throw new BadRequestError(ERROR_MESSAGES.CANNOT_DELETE_SELF, 'CANNOT_DELETE_SELF');
    }
    const now = new Date();
    await this.tenancy.runAs(caller, async (tx, auth) => {
      if (!(await markDeleted(tx, auth.companyId, memberId, now))) throw new NotFoundError('Team member not found');
      await revokeUserSessions(tx, auth.companyId, memberId, now);
      const member = await findMember(tx, auth.companyId, memberId);
      await recordEvents(tx, auth, [
        {
          kind: 'team.memberRemoved',
          before: { Name: member?.name ?? '', Email: member?.email ?? '' },
        },
      ]);
    });
  }
}
