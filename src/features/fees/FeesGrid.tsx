import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { CsvGrid } from '../../components/CsvGrid';
import { TotalsPanel } from '../../components/TotalsPanel';
import type { Source } from '../../domain/company';
import { displayDay } from '../../domain/reportColumns';
import type { FeeRow } from '../../domain/reports';
import {
  ALL_TYPES,
  feeCount,
  feeSourceLabels,
  feeTotals,
  toFeeGridRows,
  type FeeGridRow,
  type FeeType,
} from './feeRows';

interface FeesGridProps {
  fees: readonly FeeRow[] | undefined;
  loading: boolean;
  type: FeeType;
  sources: readonly Source[];
  /** Without the extension: the grid adds .csv. */
  fileName: string;
  /** What the days are, in words: "of the day", "from 1/6/2026 to 7/6/2026". */
  period: string;
}

const NO_FEES: readonly FeeRow[] = [];
const fixedColumns: GridColDef<FeeGridRow>[] = [
  // The yyyy-MM-dd value sorts by itself; only the display (and the CSV) is d/M/yyyy.
  { field: 'date', headerName: 'Date', minWidth: 110, valueFormatter: (value: string) => displayDay(value) },
  { field: 'tour', headerName: 'Tour', flex: 1.5, minWidth: 160 },
];
const typeColumn: GridColDef<FeeGridRow> = { field: 'type', headerName: 'Type', minWidth: 100 };

export function FeesGrid({ fees = NO_FEES, loading, type, sources, fileName, period }: FeesGridProps) {
  const rows = useMemo(() => toFeeGridRows(fees, type), [fees, type]);
  const sourceLabels = useMemo(() => feeSourceLabels(sources, fees), [sources, fees]);

  const columns = useMemo<GridColDef<FeeGridRow>[]>(
    () => [
      ...fixedColumns,
      ...(type === ALL_TYPES ? [typeColumn] : []),
      // Field names are positional: a source label may contain dots, which the grid reads as paths.
      ...sourceLabels.map((label, index): GridColDef<FeeGridRow> => ({
        field: `source${index}`,
        headerName: label,
        type: 'number',
        flex: 1,
        minWidth: 100,
        valueGetter: (_value: unknown, row: FeeGridRow) => feeCount(row, label),
      })),
    ],
    [sourceLabels, type],
  );

  return (
    <Stack spacing={2}>
      <CsvGrid
        label="Fees"
        rows={rows}
        columns={columns}
        loading={loading}
        noRowsLabel={`No checked-in guests ${period === 'of the day' ? 'this day' : period}`}
        fileName={fileName}
      />
      {rows.length > 0 && (
        <TotalsPanel
          title="Totals"
          caption={`Checked-in ${type === ALL_TYPES ? 'guests of every type' : type} ${period}, per source and for all sources`}
          totals={feeTotals(rows, sourceLabels)}
        />
      )}
    </Stack>
  );
}
