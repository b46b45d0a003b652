import type { Booking } from '../domain/booking';
import type { CheckInConflict } from '../domain/schemas/booking';
import { msg } from '../domain/messageFormat';
import type { SeatsLeft } from '../domain/schemas/capacity';
import { translate } from './i18n/language';
import { serverMessage } from './serverMessage';

export const NETWORK_MESSAGE = msg('Cannot reach the server. Check the connection and try again.');
const SOMETHING_WRONG = msg('Something went wrong');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The human message of a failed RTK Query call: the server's `{ error, code }` in the reader's language when it sent
 * one (every API error has that shape; see serverMessage), otherwise `fallback` (already in the reader's language). A SerializedError's message is a client
 * exception, not for users.
 */
export function errorMessage(error: unknown, fallback = translate(SOMETHING_WRONG)): string {
  if (!isRecord(error)) return fallback;
  const { data, status } = error;
  if (isRecord(data) && typeof data.error === 'string' && data.error.trim() !== '') {
    return serverMessage(data.error, data.code, data.details);
  }
  if (status === 'FETCH_ERROR') return translate(NETWORK_MESSAGE);
  return fallback;
}

/** The call got no answer: no network, or none in time. */
export function isNetworkError(error: unknown): boolean {
  return isRecord(error) && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR');
}

/** The server's machine code (`SLOT_HIDDEN`, `SLOT_LOCKED`, …) of a failed call, when it sent one. */
export function errorCode(error: unknown): string | undefined {
  if (!isRecord(error) || !isRecord(error.data)) return undefined;
  return typeof error.data.code === 'string' ? error.data.code : undefined;
}

/** A check-in's 409 CHECK_IN_CONFLICT: what the server kept, per type, and the booking as it now is. */
export function conflictOf(error: unknown): { current: Booking; conflicts: CheckInConflict[] } | undefined {
  if (errorCode(error) !== 'CHECK_IN_CONFLICT') return undefined;
  const { current, conflicts } = (error as { data: { current: Booking; conflicts?: CheckInConflict[] } }).data;
  return { current, conflicts: conflicts ?? [] };
}

/** A 409 OVER_CAPACITY: the seats the departure had left when the server counted them, and its capacity. */
export function overCapacityOf(error: unknown): SeatsLeft | undefined {
  if (errorCode(error) !== 'OVER_CAPACITY') return undefined;
  const { details } = (error as { data: { details?: Partial<SeatsLeft> } }).data;
  if (typeof details?.seatsLeft !== 'number' || typeof details.capacity !== 'number') return undefined;
  return { seatsLeft: details.seatsLeft, capacity: details.capacity };
}
