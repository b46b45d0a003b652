import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { AuthContext } from '../../db/signedIn';
import { findMember } from './users.repository';

/** Whose data a time-range call is about: a Guide only ever themselves, a Manager anyone (left members included). */
export async function whoseData(
  tx: Db,
  auth: AuthContext,
  requested: string | undefined,
): Promise<{ id: string; name: string }> {
  const id = requested ?? auth.userId;
  if (auth.role !== 'Manager' && id !== auth.userId) throw new ForbiddenError();
  const member = await findMember(tx, auth.companyId, id);
  if (!member) throw new NotFoundError('Team member not found');
  return { id: member.id, name: member.name };
}
