import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DataGrid, useGridApiRef, type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { Source } from '../../domain/company';
import type { CustomerType } from '../../domain/customerTypes';
import { displayDay } from '../../domain/reportColumns';
import type { FeeRow } from '../../domain/reports';
import { feeSourceLabels, toFeeGridRows, type FeeGridRow } from './feeRows';

interface FeesGridProps {
  fees: readonly FeeRow[] | undefined;
  loading: boolean;
  type: CustomerType;
  sources: readonly Source[];
  /** Without the extension: the grid adds .csv. */
  fileName: string;
}

const NO_FEES: readonly FeeRow[] = [];
// The free DataGrid pages at most 100 rows (STACK.md); a day has far fewer tours than that.
const PAGE_SIZES = [25, 50, 100];

const fixedColumns: GridColDef<FeeGridRow>[] = [
  // The yyyy-MM-dd value sorts by itself; only the display (and the CSV) is d/M/yyyy.
  { field: 'date', headerName: 'Date', minWidth: 110, valueFormatter: (value: string) => displayDay(value) },
  { field: 'tour', headerName: 'Tour', flex: 1.5, minWidth: 160 },
];

export function FeesGrid({ fees = NO_FEES, loading, type, sources, fileName }: FeesGridProps) {
  const apiRef = useGridApiRef();
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
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          startIcon={<Download />}
          disabled={loading || rows.length === 0}
          onClick={() => apiRef.current?.exportDataAsCsv({ fileName, utf8WithBom: true })}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Download CSV
        </Button>
      </Box>
      <DataGrid
        apiRef={apiRef}
        label="Fees"
        rows={rows}
        columns={columns}
        loading={loading}
        autoHeight
        disableRowSelectionOnClick
        pageSizeOptions={PAGE_SIZES}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        localeText={{ noRowsLabel: 'No checked-in guests this day' }}
        sx={{ minHeight: 240 }}
      />
    </Stack>
  );
}
