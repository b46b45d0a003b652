import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, sources, users } from '../../db/schema';

export type ApiKeyRow = Omit<typeof apiKeys.$inferSelect, 'sourceIds'> & {
  createdByName: string | null;
  sources: string[];
};

/** The key's sources by their names now (a renamed source stays the key's), in the company's order. */
export const keySourceLabels = sql<
  string[]
>`(select coalesce(json_agg(s.label order by s.position, s.label), '[]'::json)
  from ${sources} s where s.company_id = ${apiKeys.companyId} and s.id = any(${apiKeys.sourceIds}))`;

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
  sources: keySourceLabels,
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

/** Gives sources to an unrevoked key that has none; false when there is no such key, or it has its sources. */
export async function setApiKeySources(db: Db, companyId: string, id: string, sourceIds: string[]): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ sourceIds })
    .where(
      and(
        eq(apiKeys.companyId, companyId),
        eq(apiKeys.id, id),
        isNull(apiKeys.revokedAt),
        sql`coalesce(cardinality(${apiKeys.sourceIds}), 0) = 0`,
      ),
    )
    .returning({ id: apiKeys.id });
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

/** The company's sources offered for new bookings (not archived), with their row ids. */
export function activeSources(db: Db, companyId: string): Promise<Array<{ id: string; label: string }>> {
  return db
    .select({ id: sources.id, label: sources.label })
    .from(sources)
    .where(and(eq(sources.companyId, companyId), isNull(sources.archivedAt)));
}
