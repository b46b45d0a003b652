import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { refreshTokens } from '../../db/schema';
import type { Prefetch } from '../../db/reads';
import { prepared } from '../../db/tenancy';

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
const tokenByHash = prepared((db) =>
  db
    .select()
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.companyId, sql.placeholder('companyId')),
        eq(refreshTokens.tokenHash, sql.placeholder('tokenHash')),
      ),
    )
    .prepare('refresh_token_by_hash'),
);

/** The token's read as a statement and its values: run by `findRefreshTokenByHash`, or sent ahead (`Prefetch`). */
export const refreshTokenByHashRead = (db: Db, companyId: string, tokenHash: string) =>
  ({ statement: tokenByHash(db), values: { companyId, tokenHash } }) satisfies Prefetch;

export async function findRefreshTokenByHash(
  db: Db,
  companyId: string,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const { statement, values } = refreshTokenByHashRead(db, companyId, tokenHash);
  const [row] = await statement.execute(values);
  return row;
}

/** Marks a token rotated; false when another request rotated it first. */
export async function markRotated(db: Db, row: RefreshTokenRow, at: Date): Promise<boolean> {
  const updated = await db
    .update(refreshTokens)
    .set({ rotatedAt: at })
    .where(
      and(
        eq(refreshTokens.companyId, row.companyId),
        eq(refreshTokens.id, row.id),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return updated.length === 1;
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
