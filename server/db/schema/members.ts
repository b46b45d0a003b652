import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { companyId, createdAt, language, languageCheck } from './columns';

// A company's members and what signing in keeps: refresh tokens and rate-limit counters.

export const users = pgTable(
  'users',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['Manager', 'Guide'] }).notNull(),
    assignable: boolean('assignable').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    /** Access tokens carry it; a password change bumps it, so every other session's token stops at once. */
    sessionVersion: integer('session_version').notNull().default(1),
    /** The language the app speaks to them, on every device; a new member starts with the company's default. */
    language: language('language'),
    /** Deleted members keep their row so past shifts and check-ins still name them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('users_active_email_key')
      .on(t.email)
      .where(sql`${t.deletedAt} is null`),
    // Bookings and shifts show their guide by name: two active members of a company may not share one.
    uniqueIndex('users_active_name_key')
      .on(t.companyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    foreignKey({ columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
    languageCheck('users_language_check', t.language),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    /** One family per sign-in; reuse of a rotated token revokes the whole family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.companyId, t.familyId),
    index('refresh_tokens_user_idx').on(t.companyId, t.userId),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

/**
 * @fastify/rate-limit's counts (server/db/rateLimitStore.ts), shared by every server process on one database. Not a
 * tenant table: sign-in and signup are counted before any company is known, so no company_id and no row-level
 * security. `key` is a SHA-256 hex of the route's namespace and the limiter's key, which holds an email and an address.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // The sweep of expired windows reads this index; `hits` alone changes on most upserts, which stay HOT updates.
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
