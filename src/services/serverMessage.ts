import { msg } from '../domain/messageFormat';
import { DEFAULT_LANGUAGE } from '../domain/languages';
import { currentLanguage, isTranslated, translate } from './i18n/language';

/** The API's field names a person may meet in a refusal, in the words the forms use. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: msg('Name'),
  label: msg('Name'),
  phone: msg('Phone'),
  email: msg('Email'),
  date: msg('Date'),
  time: msg('Time'),
  tour: msg('Tour'),
  source: msg('Source'),
  password: msg('Password'),
  newPassword: msg('New password'),
  note: msg('Note'),
  language: msg('Language'),
  flag: msg('Flag'),
};

/** The field a validation refusal names: its first detail's path, or the `field:` its sentence starts with. */
function fieldOf(error: string, details: unknown): string | undefined {
  const first = Array.isArray(details) ? (details[0] as { path?: unknown } | undefined) : undefined;
  const path = typeof first?.path === 'string' ? first.path : /^([\w.]+):/.exec(error)?.[1];
  return path?.split(/[./]/)[0];
}

/**
 * What a person reads for the server's `{ error, code, details }`. The sentence of a code that always sends one is a
 * catalogue message (src/domain/errorMessages.ts, shared with the server), so it reads in the reader's language; a
 * validation refusal names its field in the reader's words (readers of the source language keep the server's own,
 * more precise sentence); anything else reads as the server wrote it, in English.
 */
export function serverMessage(error: string, code: unknown, details?: unknown): string {
  if (isTranslated(error)) return translate(error);
  if (code === 'VALIDATION' && currentLanguage() !== DEFAULT_LANGUAGE) {
    const field = FIELD_LABELS[fieldOf(error, details) ?? ''];
    if (field) return translate('{field}: the value is not valid', { field: translate(field) });
  }
  return error;
}
