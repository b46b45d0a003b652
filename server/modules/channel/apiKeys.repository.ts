import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect & { createdByName: string | null };

const listed = {
  companyId: apiKeys.companyId,
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  secretHash: apiKeys.secretHash,
  createdBy: apiKeys.createdBy,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  createdByName: users.name,
};

const withCreator = (db: Db) =>
  db
    .select(listed)
    .from(apiKeys)
    .leftJoin(users, and(eq(users.companyId, apiKeys.companyId), eq(users.id, apiKeys.createdBy)));

export function listApiKeys(db: Db, companyId: string): Promise<ApiKeyRow[]> {
  return withCreator(db).where(eq(apiKeys.companyId, companyId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findApiKey(db: Db, companyId: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await withCreator(db).where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)));
  return row;
}

export async function insertApiKey(db: Db, key: typeof apiKeys.$inferInsert): Promise<void> {
  await db.insert(apiKeys).values(key);
}

export async function activeKeyNamed(db: Db, companyId: string, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(
      and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt), sql`lower(${apiKeys.name}) = lower(${name})`),
    );
  return rows.length > 0;
}

export async function revokeApiKey(db: Db, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** A key as a channel's call checks it: without its creator's name (no join on the hot path). */
export async function findKeyForCall(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      secretHash: apiKeys.secretHash,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)));
  return row;
}

/** The last use, written at most once a minute per key: a busy channel does not write on every call. */
export async function touchApiKey(db: Db, companyId: string, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.companyId, companyId),
        eq(apiKeys.id, id),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}
