import { format, isValid, parse } from 'date-fns';
import { DAY_FORMAT } from './dates';

/** Spec §5: dates read d/m/yyyy, as in the pickers; a day that is no date stays as it is. */
export function displayDay(day: string): string {
  const date = parse(day, DAY_FORMAT, new Date());
  return isValid(date) ? format(date, 'd/M/yyyy') : day;
}
