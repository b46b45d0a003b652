import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Company, TourColor, TourFlag } from '../../../src/domain/company';
import type { Db } from '../../db/client';
import { companies, sources, tours } from '../../db/schema';
import { UUID } from '../../lib/ids';

export type NewCompany = typeof companies.$inferInsert;
export type NewTour = typeof tours.$inferInsert;
export type NewSource = typeof sources.$inferInsert;

export async function insertCompany(db: Db, company: NewCompany): Promise<void> {
  await db.insert(companies).values(company);
}

export async function insertTours(db: Db, rows: NewTour[]): Promise<void> {
  if (rows.length > 0) await db.insert(tours).values(rows);
}

export async function insertSources(db: Db, rows: NewSource[]): Promise<void> {
  if (rows.length > 0) await db.insert(sources).values(rows);
}

export async function countCompanies(db: Db): Promise<number> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length;
}

import type { CompanySettings } from '../../db/signedIn';

export type { CompanySettings };

/** The company's own row (flags, timezone, windows): what most rules need, in one indexed read. */
export async function findCompanySettings(db: Db, companyId: string): Promise<CompanySettings | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row;
}

/** The tours a new booking may name (not archived), each with the other names channels use for it. */
export function listTourNames(db: Db, companyId: string): Promise<Array<{ label: string; aliases: string[] }>> {
  return db
    .select({ label: tours.label, aliases: tours.aliases })
    .from(tours)
    .where(and(eq(tours.companyId, companyId), isNull(tours.archivedAt)));
}

/** The sources a new booking may name: not archived. */
export async function listSourceLabels(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ label: sources.label })
    .from(sources)
    .where(and(eq(sources.companyId, companyId), isNull(sources.archivedAt)));
  return rows.map((r) => r.label);
}

/** A tour is addressed by its row id (`_id`) or its short key (`id`); false when the company has no such tour. */
export async function updateTour(
  db: Db,
  companyId: string,
  tourRef: string,
  changes: Partial<Pick<typeof tours.$inferInsert, 'color' | 'flag'>>,
): Promise<boolean> {
  const match = UUID.test(tourRef) ? or(eq(tours.id, tourRef), eq(tours.key, tourRef)) : eq(tours.key, tourRef);
  const updated = await db
    .update(tours)
    .set(changes)
    .where(and(eq(tours.companyId, companyId), match))
    .returning({ id: tours.id });
  return updated.length > 0;
}

export async function updateCompanySettings(
  db: Db,
  companyId: string,
  changes: Partial<Omit<NewCompany, 'id' | 'createdAt'>>,
): Promise<void> {
  await db.update(companies).set(changes).where(eq(companies.id, companyId));
}

/** The company as the spec's client sees it: flags plus its tours and sources. */
export async function findCompany(db: Db, companyId: string): Promise<Company | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) return undefined;
  const tourRows = await db
    .select()
    .from(tours)
    .where(eq(tours.companyId, companyId))
    .orderBy(asc(tours.position), asc(tours.label));
  const sourceRows = await db
    .select()
    .from(sources)
    .where(eq(sources.companyId, companyId))
    .orderBy(asc(sources.position), asc(sources.label));
  const { id, createdAt: _createdAt, ...settings } = row;
  return {
    _id: id,
    ...settings,
    tours: tourRows.map((t) => ({
      _id: t.id,
      id: t.key,
      label: t.label,
      color: t.color as TourColor,
      flag: t.flag as TourFlag,
      archived: t.archivedAt !== null,
      aliases: t.aliases,
    })),
    sources: sourceRows.map((s) => ({
      _id: s.id,
      id: s.key,
      label: s.label,
      archived: s.archivedAt !== null,
      ...(s.scanPattern !== null && { scanPattern: s.scanPattern }),
    })),
  };
}
