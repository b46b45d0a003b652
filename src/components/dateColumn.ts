import type { GridValidRowModel } from '@mui/x-data-grid';
import { displayDay } from '../domain/reportColumns';
import type { Translate } from '../services/i18n/useT';
import type { CsvColumn } from './CsvGrid';

/** A tour day's column: its yyyy-MM-dd value sorts by itself; the screen and the CSV read d/M/yyyy (spec §5). */
export function dateColumn<Row extends GridValidRowModel>(t: Translate): CsvColumn<Row> {
  return {
    field: 'date',
    headerName: t('Date'),
    csvHeader: 'Date',
    minWidth: 110,
    valueFormatter: (value: string) => displayDay(value),
  };
}
