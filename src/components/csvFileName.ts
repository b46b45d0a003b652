// Characters Windows, macOS or Linux refuse in a file name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]+/g;

/**
 * A download's name from its parts, joined with dashes and without the extension (the DataGrid adds .csv), e.g.
 * `csvFileName('shifts', 'Gabriel Guide', '2026-06-01', 'to', '2026-06-07')`. Names come from user input, so
 * characters a file system would refuse become dashes.
 */
export function csvFileName(...parts: string[]): string {
  return parts
    .map((part) => part.trim().replace(UNSAFE, '-'))
    .filter((part) => part !== '')
    .join('-');
}
