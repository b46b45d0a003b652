import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../../src/domain/auth';
import type { Db } from '../../db/client';
import type { Statement } from '../../db/reads';
import { queryRows } from '../../db/rows';
import { users } from '../../db/schema';
import type { CompanySettings } from '../companies/companies.repository';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insert(users).values(user);
}

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

export interface ActiveMember {
  companyId: string;
  id: string;
  email: string;
  name: string;
  role: Role;
  assignable: boolean;
  sessionVersion: number;
  /** The member's company, read in the same statement: most requests need its settings (timezone, windows). */
  company: CompanySettings;
}

export interface RequestContextRow {
  user_id: string;
  email: string;
  user_name: string;
  role: Role;
  assignable: boolean;
  session_version: number;
  company_name: string;
  timezone: string;
  before_time: number;
  after_time: number;
  hide_bookings: boolean | null;
  unlock_bookings: boolean;
  show_phone_to_managers: boolean;
  show_phone_to_guides: boolean;
  display: boolean;
  hide_sources_copy_only: boolean;
  display_sources_modal: boolean;
  detailed_shifts: boolean;
  /** Drizzle's raw queries answer a timestamptz as its text; a driver's own query as a Date. */
  company_created_at: string | Date;
}

const REQUEST_CONTEXT = 'select * from auth_request_context';

/**
 * The member behind a verified access token with its company's settings, read on every call in one statement (the
 * token's company comes signed; the function reads across companies, see migration 0005).
 */
export async function findActiveMember(db: Db, companyId: string, userId: string): Promise<ActiveMember | undefined> {
  const [row] = await queryRows<RequestContextRow>(db, sql`${sql.raw(REQUEST_CONTEXT)}(${companyId}, ${userId})`);
  return row && toActiveMember(companyId, row);
}

/**
 * The same statement, to travel in one simple-protocol query with the transaction's `begin` (Tenancy.runAfter): on
 * PostgreSQL prepared once per connection and then executed with its values as literals, so a request no longer pays
 * for parsing and planning the function call (about 50 µs of PostgreSQL's CPU). Its rows go to `toActiveMember`. The
 * ids must be uuids: anything else fails the query.
 */
export function requestContextQuery(companyId: string, userId: string): Statement {
  return { name: 'auth_request_context', text: `${REQUEST_CONTEXT}($1, $2)`, params: [companyId, userId] };
}

export function toActiveMember(companyId: string, row: RequestContextRow): ActiveMember {
  return {
    companyId,
    id: row.user_id,
    email: row.email,
    name: row.user_name,
    role: row.role,
    assignable: row.assignable,
    sessionVersion: row.session_version,
    company: {
      id: companyId,
      name: row.company_name,
      timezone: row.timezone,
      beforeTime: row.before_time,
      afterTime: row.after_time,
      hideBookings: row.hide_bookings,
      unlockBookings: row.unlock_bookings,
      showPhoneToManagers: row.show_phone_to_managers,
      showPhoneToGuides: row.show_phone_to_guides,
      display: row.display,
      hideSourcesCopyOnly: row.hide_sources_copy_only,
      displaySourcesModal: row.display_sources_modal,
      detailedShifts: row.detailed_shifts,
      createdAt: new Date(row.company_created_at),
    },
  };
}

export async function findActiveUser(db: Db, companyId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/** A new password also ends every access token issued before it (they carry the old session version). */
export async function updatePasswordHash(db: Db, companyId: string, userId: string, hash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: hash, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
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

export async function listMemberNames(db: Db, companyId: string): Promise<string[]> {
  return (await listMembers(db, companyId)).map((m) => m.name);
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
