import { index, jsonb, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns';

/**
 * The answers to requests sent with an `Idempotency-Key`, per company and member: a retry of the same request gets
 * the same answer instead of being applied again. Kept 30 days.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: companyId(),
    memberId: uuid('member_id').notNull(),
    key: text('key').notNull(),
    /** The request's fingerprint (method, path, body): the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: smallint('status').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.memberId, t.key] }),
    index('idempotency_keys_age_idx').on(t.companyId, t.memberId, t.createdAt),
  ],
);
