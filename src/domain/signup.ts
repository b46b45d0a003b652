/** Mailbox providers: their name says nothing about the company that signs up with one ("Gmail"). */
const MAILBOX_PROVIDERS = new Set([
  'aol',
  'gmail',
  'gmx',
  'googlemail',
  'hotmail',
  'icloud',
  'live',
  'mail',
  'me',
  'msn',
  'outlook',
  'proton',
  'protonmail',
  'yahoo',
  'yandex',
  'zoho',
]);

export const DEFAULT_COMPANY_NAME = 'My company';

/**
 * The name of a company whose sign-up sent none (a client from before the app asked): "ana@olas-tours.es" →
 * "Olas Tours", but a mailbox provider's address → "My company". A Manager renames it in Settings.
 */
export function defaultCompanyName(email: string): string {
  const domain = email.split('@')[1] ?? '';
  const label = (domain.split('.')[0] ?? '').toLowerCase();
  const words = label.split(/[-_]+/).filter(Boolean);
  if (words.length === 0 || MAILBOX_PROVIDERS.has(label)) return DEFAULT_COMPANY_NAME;
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}
