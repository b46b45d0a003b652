/** "startDate" → "start date": how a field's name reads in a sentence. */
const inWords = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * A validation message that names its field: a schema's own message usually does ("The password needs at least 8
 * characters"); one shared by several fields ("Use a date as yyyy-MM-dd", "Use true or false") gets the field in front.
 */
export function namedForField(path: string, message: string): string {
  const field = path
    .split(/[./]/)
    .filter((segment) => segment !== '' && !/^\d+$/.test(segment))
    .at(-1);
  if (!field || message.toLowerCase().includes(inWords(field))) return message;
  return `${field}: ${message}`;
}
