import { GUIDE_HIDDEN_MESSAGE, canModifySlot, canSeeSlot, type SlotRef } from '../../../src/domain/slotRules';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { findCompanySettings, type CompanySettings } from '../companies/companies.repository';
import { listMemberNames } from '../users/users.repository';

/** The rules every booking write shares: the company's settings, the Guide's window and lock, known members. */

export const SLOT_LOCKED = 'This slot is locked: Guides can change it until 30 minutes after it starts';

/** Read with the member by the auth hook, so usually no query here. */
export async function companyOf(db: Db, auth: AuthContext): Promise<CompanySettings> {
  const company = auth.company ?? (await findCompanySettings(db, auth.companyId));
  if (!company) throw new NotFoundError('Company not found');
  return company;
}

export function assertVisible(auth: AuthContext, company: CompanySettings, slot: SlotRef, now: Date): void {
  if (!canSeeSlot(auth.role, company, slot, now)) throw new ForbiddenError(GUIDE_HIDDEN_MESSAGE, 'SLOT_HIDDEN');
}

export function assertModifiable(auth: AuthContext, company: CompanySettings, slot: SlotRef, now: Date): void {
  assertVisible(auth, company, slot, now);
  if (!canModifySlot(auth.role, company, slot, now)) throw new ForbiddenError(SLOT_LOCKED, 'SLOT_LOCKED');
}

/** Bookings and shifts name their guide: the name must be one of the company's active members. */
export async function assertMember(db: Db, companyId: string, name: string): Promise<void> {
  if (!(await listMemberNames(db, companyId)).includes(name)) {
    throw new BadRequestError(`${name} is not a member of this company`, 'UNKNOWN_GUIDE');
  }
}
