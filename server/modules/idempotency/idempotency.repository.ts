import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { idempotencyKeys } from '../../db/schema';

export type StoredAnswer = typeof idempotencyKeys.$inferSelect;
type KeyRef = { companyId: string; memberId: string; key: string };

/**
 * True when no other transaction is working on this key now. Held until commit, so a retry sent while the first
 * attempt still runs is told so instead of waiting for it or applying the request twice.
 */
export async function claimKey(tx: Db, ref: KeyRef): Promise<boolean> {
  const lockKey = `${ref.companyId}/${ref.memberId}/${ref.key}`;
  const [row] = await queryRows<{ claimed: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(hashtextextended(${lockKey}, 1)) as claimed`,
  );
  return row?.claimed === true;
}

export async function findAnswer(tx: Db, ref: KeyRef): Promise<StoredAnswer | undefined> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.companyId, ref.companyId),
        eq(idempotencyKeys.memberId, ref.memberId),
        eq(idempotencyKeys.key, ref.key),
      ),
    );
  return row;
}

/** Stores the answer, and forgets the member's keys older than `keepDays`. */
export async function storeAnswer(tx: Db, answer: Omit<StoredAnswer, 'createdAt'>, keepDays: number): Promise<void> {
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.companyId, answer.companyId),
        eq(idempotencyKeys.memberId, answer.memberId),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${keepDays})`),
      ),
    );
  await tx.insert(idempotencyKeys).values(answer);
}
