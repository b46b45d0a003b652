import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImportMapping } from '../../../src/domain/schemas/imports';
import { companyId } from './columns';

/** The column mapping a company last imported a source's file with, offered again for its next file. */
export const importMappings = pgTable(
  'import_mappings',
  {
    companyId: companyId(),
    /** The file's one source, or '' for files that name a source per row. */
    source: text('source').notNull(),
    mapping: jsonb('mapping').$type<Omit<ImportMapping, 'source'>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.source] })],
);
