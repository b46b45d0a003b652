import { sql } from 'drizzle-orm';
import { check, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../src/domain/languages';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const companyId = () => uuid('company_id').notNull();

/** A language Tourdesk speaks, by its code (`src/domain/languages.ts`); English unless one is given. */
export const language = (name: string) => text(name, { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE);
export const languageCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} in (${sql.raw(LANGUAGES.map((code) => `'${code}'`).join(', '))})`);
