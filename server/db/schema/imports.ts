import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ImportStatus } from '../../../src/domain/imports';
import type { ImportMapping } from '../../../src/domain/schemas/imports';
import { companyId } from './columns';
import { companies } from './companies';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const count = (name: string) => integer(name).notNull().default(0);

/**
 * Each import of a file, from its start: written before its first batch and counted in each batch's transaction, so
 * what it committed is listed (and may be undone) even when its process died mid-file. Its events carry its id.
 */
export const imports = pgTable(
  'imports',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    fileName: text('file_name').notNull(),
    memberId: uuid('member_id'),
    /** Who imported it, as named then. */
    memberName: text('member_name').notNull(),
    startedAt: at('started_at').notNull(),
    /** Its last sign of life: each batch, and a beat while it waits for the file. */
    aliveAt: at('alive_at').notNull(),
    endedAt: at('ended_at'),
    /** `running` until it ends; a running one long silent died with its process (`importStatus`). */
    status: text('status').$type<ImportStatus>().notNull(),
    /** Its bookings' events carry its id, so it can be undone: not so for imports made before undo. */
    recorded: boolean('recorded').notNull().default(true),
    created: count('created'),
    updated: count('updated'),
    cancelled: count('cancelled'),
    rejected: count('rejected'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('imports_started_idx').on(t.companyId, t.startedAt),
    foreignKey({ columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);

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
