import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DataGrid, useGridApiRef, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useLanguage, useT } from '../services/i18n/useT';

// The free DataGrid pages at most 100 rows (STACK.md); longer tables page instead of failing.
const PAGE_SIZES = [25, 50, 100];

/**
 * Room for a header's words beside the grid's sort and menu buttons, so that on a phone a column is never squeezed
 * until its header is cut short: the table scrolls sideways instead.
 */
function withHeaderRoom<Row extends GridValidRowModel>(column: GridColDef<Row>): GridColDef<Row> {
  const room = (column.headerName ?? '').length * 8 + 72;
  return { ...column, minWidth: Math.max(column.minWidth ?? 0, room) };
}

interface CsvGridProps<Row extends GridValidRowModel> {
  label: string;
  rows: readonly Row[];
  columns: GridColDef<Row>[];
  loading: boolean;
  noRowsLabel: string;
  /** Without the extension: the grid adds .csv. */
  fileName: string;
}

/**
 * A client-side table with a "Download CSV" button using the grid's own export (formulas escaped, UTF-8 BOM so
 * spreadsheet programs read accents). Only lazy pages import it, so the grid stays out of the first load.
 */
export function CsvGrid<Row extends GridValidRowModel>({
  label,
  rows,
  columns,
  loading,
  noRowsLabel,
  fileName,
}: CsvGridProps<Row>) {
  const t = useT();
  const language = useLanguage();
  const apiRef = useGridApiRef();
  const roomy = useMemo(() => columns.map(withHeaderRoom), [columns]);
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
          {t('Download CSV')}
        </Button>
      </Box>
      <DataGrid
        apiRef={apiRef}
        label={label}
        rows={rows}
        columns={roomy}
        loading={loading}
        autoHeight
        disableRowSelectionOnClick
        pageSizeOptions={PAGE_SIZES}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        localeText={
          language === 'es' ? { ...esES.components.MuiDataGrid.defaultProps.localeText, noRowsLabel } : { noRowsLabel }
        }
        sx={{
          minHeight: 240,
          // The rows-per-page select is 29 px high by default: too small a target for a finger (44 px).
          '& .MuiTablePagination-select': { minHeight: 44, display: 'flex', alignItems: 'center' },
        }}
      />
    </Stack>
  );
}
