import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { users } from '../../db/schema';

/**
 * A member's row. Signing in reads members here; the users module builds on this one (sessions, passwords) and reads
 * them here too, so the two never import each other.
 */
export type UserRow = typeof users.$inferSelect;

export interface MemberKeys {
  companyId: string;
  userId: string;
}

/**
 * Sign-in and sign-up look a member up by email before any company is known; emails are unique among active
 * members. Row-level security hides other companies, so this goes through a SECURITY DEFINER function.
 */
export async function findMemberKeysByEmail(db: Db, email: string): Promise<MemberKeys | undefined> {
  const [row] = await queryRows<{ company_id: string; user_id: string }>(
    db,
    sql`select company_id, user_id from auth_find_member_by_email(${email})`,
  );
  return row && { companyId: row.company_id, userId: row.user_id };
}

export async function findActiveUser(db: Db, companyId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}
