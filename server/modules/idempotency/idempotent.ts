import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../db/signedIn';
import { AppError, ConflictError } from '../../errors';
import { claimKey, findAnswer, storeAnswer } from './idempotency.repository';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

/** Keys are kept at least this long (the IETF draft leaves it to the server; an outbox holds far less). */
export const IDEMPOTENCY_KEEP_DAYS = 30;

export interface Answer<T> {
  status: number;
  body: T;
}

/** The request as a key binds it: the same key with another method, path or body is refused. */
export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, path, body]))
    .digest('base64url');
}

/**
 * Runs `work` once per key (the `Idempotency-Key` header, draft-ietf-httpapi-idempotency-key-header): its answer is
 * stored in the same transaction as its change, so a retry after a lost answer gets that answer again and changes
 * nothing. Without a key, `work` simply runs. A retry's answer goes through `replay` first: the stored one was
 * shaped by the rules of its day, and the caller must get no more than a fresh read would give them now.
 */
export async function idempotent<T>(
  tx: Db,
  auth: AuthContext,
  request: { key: string | undefined; fingerprint: string },
  replay: (stored: Answer<T>) => Promise<Answer<T>>,
  work: () => Promise<Answer<T>>,
): Promise<Answer<T>> {
  if (request.key === undefined) return work();
  const ref = { companyId: auth.companyId, memberId: auth.userId, key: request.key };
  if (!(await claimKey(tx, ref))) {
    throw new ConflictError(ERROR_MESSAGES.IDEMPOTENCY_IN_FLIGHT, 'IDEMPOTENCY_IN_FLIGHT');
  }
  const stored = await findAnswer(tx, ref);
  if (stored) {
    if (stored.fingerprint !== request.fingerprint) {
      throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request');
    }
    return replay({ status: stored.status, body: stored.answer as T });
  }
  const answer = await work();
  // After the work's event, as the event log's ordering rule allows (eventLog.repository.ts): no transaction that
  // waits for the company's event lock can hold this member's keys.
  await storeAnswer(
    tx,
    { ...ref, fingerprint: request.fingerprint, status: answer.status, answer: answer.body },
    IDEMPOTENCY_KEEP_DAYS,
  );
  return answer;
}
