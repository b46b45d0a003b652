import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { refreshTokens, users } from '../../db/schema';
import type { UserRow } from './members.repository';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(db: Db, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

/**
 * The company of a refresh token, looked up by hash before the company is known: the cookie is all the caller has.
 * Row-level security hides other companies, so this goes through a SECURITY DEFINER function.
 */
export async function findRefreshTokenCompany(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await queryRows<{ company_id: string }>(
    db,
    sql`select company_id from auth_find_refresh_token(${tokenHash})`,
  );
  return row?.company_id;
}

/** Within the token's company (see findRefreshTokenCompany). */
export async function findRefreshTokenByHash(
  db: Db,
  companyId: string,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.tokenHash, tokenHash)));
  return row;
}

/** The active member a token was issued to (none once they are deleted). */
export async function findActiveUserByTokenHash(
  db: Db,
  companyId: string,
  tokenHash: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select(getTableColumns(users))
    .from(refreshTokens)
    .innerJoin(users, and(eq(users.companyId, refreshTokens.companyId), eq(users.id, refreshTokens.userId)))
    .where(
      and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.tokenHash, tokenHash), isNull(users.deletedAt)),
    );
  return row;
}

/**
 * Marks a token rotated and inserts its successor (same member and family) in one statement, one round trip; false,
 * with nothing inserted, when another request rotated or revoked the token first.
 */
export async function rotateInto(
  db: Db,
  row: RefreshTokenRow,
  at: Date,
  next: { id: string; tokenHash: string; expiresAt: Date },
): Promise<boolean> {
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`with rotated as (
          update ${refreshTokens} set rotated_at = ${at.toISOString()}::timestamptz
          where company_id = ${row.companyId} and id = ${row.id} and rotated_at is null and revoked_at is null
          returning company_id, user_id, family_id)
        insert into ${refreshTokens} (company_id, id, user_id, family_id, token_hash, expires_at)
        select company_id, ${next.id}::uuid, user_id, family_id, ${next.tokenHash}, ${next.expiresAt.toISOString()}::timestamptz
        from rotated
        returning id`,
  );
  return inserted.length === 1;
}

export async function revokeFamily(db: Db, companyId: string, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.companyId, companyId),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

export async function revokeUserSessions(db: Db, companyId: string, userId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)),
    );
}
