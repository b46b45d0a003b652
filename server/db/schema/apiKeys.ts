import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns';

/**
 * Keys a company's channels (its website, a channel manager) send bookings with (`/api/v1`). Only a hash of the
 * secret is kept: the secret is shown once, when the key is made.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** The key's first characters, to tell keys apart in Settings. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the secret, hex: the secret is 256 random bits, so a slow hash would add nothing. */
    secretHash: text('secret_hash').notNull(),
    /**
     * The sources (row ids) whose bookings the key reads and writes; null for a key made before keys had sources,
     * whose name is no source's: refused until a Manager picks them.
     */
    sourceIds: uuid('source_ids').array(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('api_keys_created_idx').on(t.companyId, t.createdAt)],
);
