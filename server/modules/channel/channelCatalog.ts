import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { BadRequestError } from '../../errors';

/**
 * The source and the tour a channel names must be the company's (not archived), checked in one statement; the tour
 * may be named by one of its other names, in any case as in imports (names are unique whatever their case), and the
 * answer is its own name. The messages do not repeat the names: a
 * key of one company probing another's names learns nothing from the answer.
 */
export async function channelTourLabel(tx: Db, companyId: string, source: string, tour: string): Promise<string> {
  const [known] = await queryRows<{ source: boolean; tour: string | null }>(
    tx,
    sql`select exists (select 1 from sources where company_id = ${companyId}::uuid and label = ${source}
                         and archived_at is null) as source,
               (select label from tours where company_id = ${companyId}::uuid and archived_at is null
                  and (lower(label) = lower(${tour}) or exists (select 1 from unnest(aliases) as alias
                                                               where lower(alias) = lower(${tour})))
                  limit 1) as tour`,
  );
  if (!known?.source) {
    throw new BadRequestError("source: not one of this company's sources (Settings › Sources)", 'UNKNOWN_SOURCE');
  }
  if (known.tour === null) {
    throw new BadRequestError("tour: not one of this company's tours (Settings › Tours)", 'UNKNOWN_TOUR');
  }
  return known.tour;
}
