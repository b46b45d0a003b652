import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DataGrid, useGridApiRef, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useLanguage, useT } from '../services/i18n/useT';
import { csvCell } from '../domain/csvCell';
import { DEFAULT_LANGUAGE } from '../domain/languages';
import { CsvHeaderLanguageField, useCsvHeaderLanguage } from './CsvHeaderLanguageField';
import { downloadBlob } from './downloadBlob';
import { gridLocaleText } from './gridLocaleText';

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

/** A column shown with `headerName` in the reader's language; the CSV's header row is `csvHeader`, the spec's English, unless the reader chooses their own language. */
export type CsvColumn<Row extends GridValidRowModel> = GridColDef<Row> & { csvHeader: string };

interface CsvGridProps<Row extends GridValidRowModel> {
  label: string;
  rows: readonly Row[];
  columns: CsvColumn<Row>[];
  loading: boolean;
  noRowsLabel: string;
  /** Without the extension: the grid adds .csv. */
  fileName: string;
}

/**
 * A client-side table with a "Download CSV" button using the grid's own export of the shown columns (formulas
 * escaped, UTF-8 BOM so spreadsheet programs read accents) under the English headers, whatever language the
 * screen speaks, unless the reader chooses their own. Only lazy pages import it, so the grid stays out of the first load.
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
  const headerLanguage = useCsvHeaderLanguage();
  const roomy = useMemo(() => columns.map(withHeaderRoom), [columns]);
  const localeText = useMemo(() => gridLocaleText(language, noRowsLabel), [language, noRowsLabel]);

  const download = () => {
    const api = apiRef.current;
    if (!api) return;
    const fields = api.getVisibleColumns().map((column) => column.field);
    const headers = fields.map((field) => {
      const column = columns.find((c) => c.field === field);
      const english = column?.csvHeader ?? field;
      return csvCell(headerLanguage.language === DEFAULT_LANGUAGE ? english : (column?.headerName ?? english));
    });
    const body = api.getDataAsCsv({ fields, includeHeaders: false });
    const csv = [headers.join(','), body].join('\r\n');
    downloadBlob(new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), csv], { type: 'text/csv' }), `${fileName}.csv`);
  };
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
        <CsvHeaderLanguageField choice={headerLanguage} />
        <Button
          variant="outlined"
          startIcon={<Download />}
          disabled={loading || rows.length === 0}
          onClick={download}
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
        localeText={localeText}
        sx={{
          minHeight: 240,
          // The rows-per-page select is 29 px high by default: too small a target for a finger (44 px).
          '& .MuiTablePagination-select': { minHeight: 44, display: 'flex', alignItems: 'center' },
        }}
      />
    </Stack>
  );
}
