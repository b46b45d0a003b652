import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, companies, sources, tours } from '../../db/schema';
import { keySourceLabels } from './apiKeys.repository';

/** A tour a channel may name (not archived), by its own name or an other name. */
export interface CatalogueTour {
  id: string;
  label: string;
  aliases: string[];
}

/**
 * A channel call's first statement after the company is set: the key as it checks it (no creator join), with what
 * its write is judged on: the company's sources and tours offered for new bookings, and its time zone.
 */
export async function findKeyCall(db: Db, companyId: string, keyId: string) {
  const [row] = await db
    .select({
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      secretHash: apiKeys.secretHash,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      sources: keySourceLabels,
      activeSources: sql<string[]>`(select coalesce(json_agg(s.label), '[]'::json) from ${sources} s
        where s.company_id = ${apiKeys.companyId} and s.archived_at is null)`,
      tours: sql<CatalogueTour[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'label', t.label,
          'aliases', t.aliases)), '[]'::json)
        from ${tours} t where t.company_id = ${apiKeys.companyId} and t.archived_at is null)`,
      timezone: sql<string>`(select c.timezone from ${companies} c where c.id = ${apiKeys.companyId})`,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, keyId)));
  return row;
}
