import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Language } from '../../../src/domain/languages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../auth/members.repository';

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insert(users).values(user);
}

/** A new password also ends every access token issued before it (they carry the old session version). */
export async function updatePasswordHash(db: Db, companyId: string, userId: string, hash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: hash, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

/** A deleted member's row is left as it was. */
export async function updateLanguage(db: Db, companyId: string, userId: string, language: Language): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), isNull(users.deletedAt)));
}

export interface MemberRef {
  _id: string;
  name: string;
}

/** Active members a booking can be checked in as, by name. */
export async function listMembers(db: Db, companyId: string): Promise<MemberRef[]> {
  const rows = await db
    .select({ _id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)))
    .orderBy(asc(users.name));
  return rows;
}

export async function findActiveMemberByName(
  db: Db,
  companyId: string,
  name: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.name, name), isNull(users.deletedAt)));
  return row;
}

export async function listTeam(db: Db, companyId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)))
    .orderBy(asc(users.name));
}

/** Keeps the row: past shifts and check-ins still name the member. */
export async function markDeleted(db: Db, companyId: string, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletedAt: at })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Any member, deleted ones included: reports still name people who have left. */
export async function findMember(db: Db, companyId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row;
}
