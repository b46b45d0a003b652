import { format, isValid } from 'date-fns';
import { DAY_FORMAT } from '../domain/dates';
import { msg } from '../domain/messageFormat';

export const ENTER_A_DATE = msg('Enter a date as d/m/yyyy');
const TO_AFTER_FROM = msg('To must be on or after From');

/** A range of calendar days as two date fields hold it (a field may be empty or half typed). */
export interface DayRange {
  from: Date | null;
  to: Date | null;
}

/** A field's value that is a whole date. */
export const usableDate = (date: Date | null): date is Date => date !== null && isValid(date);

/** Field errors of the range (messages to translate), shown as it is typed; a range with any is not sent. */
export function rangeErrors({ from, to }: DayRange): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (!usableDate(from)) errors.from = ENTER_A_DATE;
  if (!usableDate(to)) errors.to = ENTER_A_DATE;
  else if (usableDate(from) && to < from) errors.to = TO_AFTER_FROM;
  return errors;
}

/** The days (yyyy-MM-dd) to ask for, or null while the range has an error. */
export function rangeDays({ from, to }: DayRange): { start: string; end: string } | null {
  if (!usableDate(from) || !usableDate(to) || to < from) return null;
  return { start: format(from, DAY_FORMAT), end: format(to, DAY_FORMAT) };
}
