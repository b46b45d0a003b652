import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImportMapping } from '../../../src/domain/schemas/imports';
import { companyId } from './columns';

/**
 * The column mappings a company chose, per kind of file (its header) and source, saved by each preview and import and
 * offered again when a file with that header, or that fits the mapping, is chosen.
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    companyId: companyId(),
    /** The file's one source, or '' for files that name a source per row. */
    source: text('source').notNull(),
    /** SHA-256 of the file's header as compared (importMapping.ts `headerNames`); '' for mappings kept per source. */
    headerKey: text('header_key').notNull().default(''),
    mapping: jsonb('mapping').$type<Omit<ImportMapping, 'source'>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.source, t.headerKey] })],
);
