import { sql } from 'drizzle-orm';
import { toursByName, type NamedTour } from '../../../src/domain/tourNames';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { BadRequestError } from '../../errors';

/**
 * The source and the tour a channel names must be the company's (not archived), checked in one statement. The tour
 * may go by its own name or an other name, in any case, and the answer is its own name. The messages do not repeat
 * the names: a key of one company probing another's names learns nothing from the answer.
 */
export async function channelTourLabel(tx: Db, companyId: string, source: string, tour: string): Promise<string> {
  const [known] = await queryRows<{ source: boolean; tours: NamedTour[] }>(
    tx,
    sql`select exists (select 1 from sources where company_id = ${companyId}::uuid and label = ${source}
                         and archived_at is null) as source,
               (select coalesce(json_agg(json_build_object('label', label, 'aliases', aliases)), '[]'::json)
                  from tours where company_id = ${companyId}::uuid and archived_at is null) as tours`,
  );
  if (!known?.source) {
    throw new BadRequestError("source: not one of this company's sources (Settings › Sources)", 'UNKNOWN_SOURCE');
  }
  // Matched as imports match (one case folding for every path), so a name leads to the same tour everywhere.
  const found = toursByName(known.tours).get(tour.toLowerCase());
  if (!found) throw new BadRequestError("tour: not one of this company's tours (Settings › Tours)", 'UNKNOWN_TOUR');
  return found.label;
}
