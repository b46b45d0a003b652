import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { CsvGrid } from '../../components/CsvGrid';
import type { Source } from '../../domain/company';
import { CUSTOMER_TYPES } from '../../domain/customerTypes';
import { displayDay } from '../../domain/reportColumns';
import type { GuideShiftRow } from '../../domain/team';
import { sourceColumnLabels, toGridRows, type ShiftGridRow } from './shiftRows';

interface ShiftsGridProps {
  shifts: readonly GuideShiftRow[] | undefined;
  loading: boolean;
  /** company.detailedShifts: one column per source instead of one per customer type (spec §9). */
  detailed: boolean;
  sources: readonly Source[];
  /** Without the extension: the grid adds .csv. */
  fileName: string;
  noRowsLabel: string;
}

const NO_SHIFTS: readonly GuideShiftRow[] = [];
const dateColumn: GridColDef<ShiftGridRow> = {
  field: 'date',
  headerName: 'Date',
  minWidth: 110,
  // The yyyy-MM-dd value keeps sorting chronological; only the display (and the CSV) is d/M/yyyy.
  valueFormatter: (value: string) => displayDay(value),
};
// Two departures of one tour on one day are told apart by their time (HH:mm sorts as it reads).
const timeColumn: GridColDef<ShiftGridRow> = { field: 'time', headerName: 'Time', minWidth: 80, flex: 0.5 };
const tourColumn: GridColDef<ShiftGridRow> = { field: 'tour', headerName: 'Tour', flex: 1, minWidth: 160 };
const countColumn = (field: string, headerName: string): GridColDef<ShiftGridRow> => ({
  field,
  headerName,
  type: 'number',
  minWidth: 90,
  flex: 0.5,
});

export function ShiftsGrid({ shifts = NO_SHIFTS, loading, detailed, sources, fileName, noRowsLabel }: ShiftsGridProps) {
  const rows = useMemo(() => toGridRows(shifts, sources), [shifts, sources]);
  const sourceLabels = useMemo(() => sourceColumnLabels(sources, shifts), [sources, shifts]);

  const columns = useMemo<GridColDef<ShiftGridRow>[]>(() => {
    if (!detailed) {
      return [dateColumn, timeColumn, tourColumn, ...CUSTOMER_TYPES.map((type) => countColumn(type, type))];
    }
    return [
      dateColumn,
      timeColumn,
      tourColumn,
      // Field names are positional: a source label may contain dots, which the grid reads as paths.
      ...sourceLabels.map((label, index) => ({
        ...countColumn(`source${index}`, label),
        valueGetter: (_value: unknown, row: ShiftGridRow) => row.bySource[label] ?? 0,
      })),
      countColumn('total', 'Total'),
    ];
  }, [detailed, sourceLabels]);

  return (
    <CsvGrid
      label="Shifts"
      rows={rows}
      columns={columns}
      loading={loading}
      noRowsLabel={noRowsLabel}
      fileName={fileName}
    />
  );
}
