import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { OutboxEntry } from '../../../domain/outbox';
import { conflictOf, errorCode, errorMessage } from '../../../services/errors';
import { slotApi } from '../slotApi';
import { translate } from '../../../services/i18n/language';

export type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'conflict'; conflict: NonNullable<OutboxEntry['conflict']> }
  | { kind: 'refused'; message: string }
  /**
   * Not known to have reached the server, or not to have been applied: sent again later under the same key.
   * `answered`: the server said so itself (busy, failing, a rate limit), which no lossy network explains.
   */
  | { kind: 'retry'; answered: boolean };

// The server's own refusals that a later try cannot change; anything else (no network, a timeout, a 5xx, the same
// key still running, a rate limit, a session being renewed) is tried again.
const RETRY_CODES = new Set(['IDEMPOTENCY_IN_FLIGHT']);

export async function sendEntry(dispatch: Dispatch, entry: OutboxEntry): Promise<SendOutcome> {
  const request = dispatch(slotApi.endpoints.sendCheckIn.initiate(entry, { track: false }));
  const result = await request;
  if (!('error' in result) || result.error === undefined) return { kind: 'sent' };
  const { error } = result;
  const conflict = conflictOf(error);
  if (conflict) return { kind: 'conflict', conflict };
  const status = 'status' in error ? error.status : undefined;
  const final = typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && status !== 429;
  if (!final || RETRY_CODES.has(errorCode(error) ?? '')) return { kind: 'retry', answered: typeof status === 'number' };
  return { kind: 'refused', message: errorMessage(error, translate('The check-in was not saved')) };
}
