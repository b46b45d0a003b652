import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DataGrid, useGridApiRef, type GridColDef } from '@mui/x-data-grid';
import { format, parse } from 'date-fns';
import { useMemo } from 'react';
import { DISPLAY_DAY_FORMAT } from '../../components/DateLocalization';
import type { Source } from '../../domain/company';
import { CUSTOMER_TYPES } from '../../domain/customerTypes';
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
}

const NO_SHIFTS: readonly GuideShiftRow[] = [];
// The free DataGrid pages at most 100 rows (STACK.md); a long range pages instead of failing.
const PAGE_SIZES = [25, 50, 100];

const dateColumn: GridColDef<ShiftGridRow> = {
  field: 'date',
  headerName: 'Date',
  minWidth: 110,
  // The yyyy-MM-dd value keeps sorting chronological; only the display (and the CSV) is d/M/yyyy.
  valueFormatter: (value: string) => format(parse(value, 'yyyy-MM-dd', new Date()), DISPLAY_DAY_FORMAT),
};
const tourColumn: GridColDef<ShiftGridRow> = { field: 'tour', headerName: 'Tour', flex: 1, minWidth: 160 };
const countColumn = (field: string, headerName: string): GridColDef<ShiftGridRow> => ({
  field,
  headerName,
  type: 'number',
  minWidth: 90,
  flex: 0.5,
});

export function ShiftsGrid({ shifts = NO_SHIFTS, loading, detailed, sources, fileName }: ShiftsGridProps) {
  const apiRef = useGridApiRef();
  const rows = useMemo(() => toGridRows(shifts, sources), [shifts, sources]);
  const sourceLabels = useMemo(() => sourceColumnLabels(sources, shifts), [sources, shifts]);

  const columns = useMemo<GridColDef<ShiftGridRow>[]>(() => {
    if (!detailed) return [dateColumn, tourColumn, ...CUSTOMER_TYPES.map((type) => countColumn(type, type))];
    return [
      dateColumn,
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
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          startIcon={<Download />}
          disabled={loading || rows.length === 0}
          onClick={() => apiRef.current?.exportDataAsCsv({ fileName, utf8WithBom: true })}
        >
          Download CSV
        </Button>
      </Box>
      <DataGrid
        apiRef={apiRef}
        label="Shifts"
        rows={rows}
        columns={columns}
        loading={loading}
        autoHeight
        disableRowSelectionOnClick
        pageSizeOptions={PAGE_SIZES}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        localeText={{ noRowsLabel: 'No shifts in this range' }}
        sx={{
          minHeight: 240,
          // The rows-per-page select is 29 px high by default: too small a target for a finger (44 px).
          '& .MuiTablePagination-select': { minHeight: 44, display: 'flex', alignItems: 'center' },
        }}
      />
    </Stack>
  );
}
