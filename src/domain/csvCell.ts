/** A CSV cell as the DataGrid's export writes it: quoted when it holds a delimiter or quote, formulas defused. */
export function csvCell(value: string): string {
  const escaped = value.replace(/"/g, '""');
  if (['=', '+', '-', '@', '\t', '\r'].includes(escaped[0] ?? '')) return `"'${escaped}"`;
  return /[,"\n\r]/.test(value) ? `"${escaped}"` : escaped;
}
