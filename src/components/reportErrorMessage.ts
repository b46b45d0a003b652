import { NO_PERMISSION_REPORT } from '../domain/reports';
import { errorMessage } from '../services/errors';
import { translate } from '../services/i18n/language';

/**
 * The message of a failed report or fees call. Spec §5 words a refusal as "You don't have the required
 * permission" on these pages, whatever the server's generic 403 text says. `fallback` comes translated.
 */
export function reportErrorMessage(error: unknown, fallback: string): string {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 403 ? translate(NO_PERMISSION_REPORT) : errorMessage(error, fallback);
}
