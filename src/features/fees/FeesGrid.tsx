import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { CsvGrid } from '../../components/CsvGrid';
import { TotalsPanel } from '../../components/TotalsPanel';
import type { Source } from '../../domain/company';
import type { CustomerType } from '../../domain/customerTypes';
import { displayDay } from '../../domain/reportColumns';
import type { FeeRow } from '../../domain/reports';
import { feeSourceLabels, feeTotals, toFeeGridRows, type FeeGridRow } from './feeRows';

interface FeesGridProps {
  fees: readonly FeeRow[] | undefined;
  loading: boolean;
  type: CustomerType;
  sources: readonly Source[];
  /** Without the extension: the grid adds .csv. */
  fileName: string;
}

const NO_FEES: readonly FeeRow[] = [];
const fixedColumns: GridColDef<FeeGridRow>[] = [
  // The yyyy-MM-dd value sorts by itself; only the display (and the CSV) is d/M/yyyy.
  { field: 'date', headerName: 'Date', minWidth: 110, valueFormatter: (value: string) => displayDay(value) },
  { field: 'tour', headerName: 'Tour', flex: 1.5, minWidth: 160 },
];

export function FeesGrid({ fees = NO_FEES, loading, type, sources, fileName }: FeesGridProps) {
  const rows = useMemo(() => toFeeGridRows(fees), [fees]);
  const sourceLabels = useMemo(() => feeSourceLabels(sources, fees), [sources, fees]);

  const columns = useMemo<GridColDef<FeeGridRow>[]>(
    () => [
      ...fixedColumns,
      // Field names are positional: a source label may contain dots, which the grid reads as paths.
      ...sourceLabels.map((label, index): GridColDef<FeeGridRow> => ({
        field: `source${index}`,
        headerName: label,
        type: 'number',
        flex: 1,
        minWidth: 100,
        valueGetter: (_value: unknown, row: FeeGridRow) => row.bySource[label]?.[type] ?? 0,
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
        noRowsLabel="No checked-in guests this day"
        fileName={fileName}
      />
      {rows.length > 0 && (
        <TotalsPanel
          title="Totals"
          caption={`Checked-in ${type} of the day, per source and for all sources`}
          totals={feeTotals(rows, sourceLabels, type)}
        />
      )}
    </Stack>
  );
}
