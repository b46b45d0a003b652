import { v7 as uuidv7 } from 'uuid';
import type { AddGuideBody, Member } from '../../../src/domain/team';
import type { Tenancy } from '../../db/tenancy';
import { isUniqueViolation } from '../../db/errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/refreshTokens.repository';
import { EMAIL_TAKEN } from './users.service';
import { findMemberKeysByEmail, insertUser, listTeam, markDeleted, type UserRow } from './users.repository';

const toMember = (row: Pick<UserRow, 'id' | 'email' | 'role' | 'name'>): Member => ({
  _id: row.id,
  email: row.email,
  role: row.role,
  name: row.name,
});

/** The Team page: Managers add and remove guides; everyone may see who is on the team. */
export class TeamService {
  constructor(private readonly tenancy: Tenancy) {}

  private get db() {
    return this.tenancy.db;
  }

  async list(auth: AuthContext): Promise<Member[]> {
    return (await listTeam(this.db, auth.companyId)).map(toMember);
  }

  /** Runs its own transactions (the route opts out of the request's): the password is hashed outside them. */
  async addGuide(auth: AuthContext, body: AddGuideBody): Promise<Member> {
    if (await findMemberKeysByEmail(this.db, body.email)) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
    const passwordHash = await hashPassword(body.password);
    const row = {
      companyId: auth.companyId,
      id: uuidv7(),
      email: body.email,
      name: body.name,
      role: 'Guide' as const,
      assignable: false,
      passwordHash,
    };
    try {
      await this.tenancy.run(auth.companyId, async () => {
        // Bookings and shifts name their guide, so two members of a company may not share a name.
        const team = await listTeam(this.db, auth.companyId);
        if (team.some((m) => m.name.toLowerCase() === body.name.toLowerCase())) {
          throw new ConflictError(`${body.name} is already on the team`, 'NAME_TAKEN');
        }
        await insertUser(this.db, row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
      throw err;
    }
    return toMember(row);
  }

  /** The member can no longer sign in and every session ends; their past work stays in the reports. */
  async remove(auth: AuthContext, memberId: string): Promise<void> {
    if (memberId === auth.userId) throw new BadRequestError('You cannot delete your own account', 'CANNOT_DELETE_SELF');
    const now = new Date();
    await this.db.transaction(async (tx) => {
      if (!(await markDeleted(tx, auth.companyId, memberId, now))) {
        throw new NotFoundError('Team member not found');
      }
      await revokeUserSessions(tx, auth.companyId, memberId, now);
    });
  }
}
