import { msg, type MessageValues } from '../../domain/messageFormat';
import { errorCode, errorMessage } from '../../services/errors';
import { translate } from '../../services/i18n/language';

/** The server's refusals of a key's calls, by code, worded here so they read in the reader's language. */
const REFUSALS: Record<string, string> = {
  NAME_TAKEN: msg('An API key named {name} already exists'),
  UNKNOWN_SOURCE: msg("Not one of this company's sources (Settings › Sources)"),
  API_KEY_SOURCES_SET: msg('This key has its sources; make a new key for other sources'),
  NOT_FOUND: msg('No such API key'),
};

const known = (error: unknown) => {
  const code = errorCode(error);
  return code && Object.hasOwn(REFUSALS, code) ? REFUSALS[code] : undefined;
};

/** Why a key's call failed, in the reader's words when its code is known; else the server's text or `fallback`. */
export function keyRefusal(error: unknown, fallback: string, values: MessageValues = {}): string {
  const message = known(error);
  return message ? translate(message, values) : errorMessage(error, fallback);
}

/**
 * The server names the field it refuses ("name: …", "sources: …"): the rest, as said under that field, in the
 * reader's words when its code is known (`values` fills the message's placeholders, as `{ name }`).
 */
export function fieldRefusal(error: unknown, field: 'name' | 'sources', values: MessageValues = {}): string | null {
  const message = errorMessage(error);
  if (!message.startsWith(`${field}: `)) return null;
  const worded = known(error);
  if (worded) return translate(worded, values);
  const reason = message.slice(field.length + 2);
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}
