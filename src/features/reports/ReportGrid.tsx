import { DataGrid, type GridColDef, type GridColumnGroupingModel, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { gridLocaleText } from '../../components/gridLocaleText';
import { msg } from '../../domain/messageFormat';
import { CANCELLED, REPORT_COLUMNS } from '../../domain/reportColumns';
import { REPORT_PAGE_SIZE_MAX, type ReportRow, type ReportType } from '../../domain/reports';
import { useLanguage, useT, type Translate } from '../../services/i18n/useT';

// The free DataGrid shows at most 100 rows a page (STACK.md); the server pages the rest.
export const REPORT_PAGE_SIZES = [25, 50, REPORT_PAGE_SIZE_MAX];

const NOTHING_ASKED = msg('Choose sources, tours and dates, then Generate');
const NO_SHOW = msg('No Show');
const NO_SHOW_FIELDS = ['noShowAdults', 'noShowTeens', 'noShowChildren'];
const NUMBER_FIELDS = new Set([...NO_SHOW_FIELDS, 'pax']);
// Long values, or long headers ("No Show Children") that would otherwise be cut short.
const WIDE_FIELDS = new Set(['name', 'tour', 'createdAt', ...NO_SHOW_FIELDS]);

// Spec §9: "No Show split into Adults and Children" (and Teens).
const noShowGroup = (t: Translate): GridColumnGroupingModel => [
  { groupId: 'noShow', headerName: t(NO_SHOW), children: NO_SHOW_FIELDS.map((field) => ({ field })) },
];
const CANCELLED_WORDS = new Set<string>(Object.values(CANCELLED));

/** The grid shows what the server's CSV holds (both come from REPORT_COLUMNS), in the reader's language. */
function gridColumns(type: ReportType, timezone: string, t: Translate): GridColDef<ReportRow>[] {
  return REPORT_COLUMNS[type].map((column) => ({
    field: column.field,
    headerName: t(column.header),
    valueGetter: (_value: unknown, row: ReportRow) => {
      const value = column.value(row, timezone);
      return typeof value === 'string' && CANCELLED_WORDS.has(value) && column.field === 'cancelled' ? t(value) : value;
    },
    ...(NUMBER_FIELDS.has(column.field) ? { type: 'number' as const } : {}),
    flex: WIDE_FIELDS.has(column.field) ? 1.5 : 1,
    minWidth: WIDE_FIELDS.has(column.field) ? 150 : 110,
  }));
}

interface ReportGridProps {
  type: ReportType;
  timezone: string;
  rows: readonly ReportRow[];
  /** The report's total, across pages. */
  rowCount: number;
  loading: boolean;
  /** Why the grid is empty; by default, that nothing was asked yet. */
  emptyText: string | undefined;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
}

export function ReportGrid({ type, timezone, emptyText, ...page }: ReportGridProps) {
  const t = useT();
  const language = useLanguage();
  const columns = useMemo(() => gridColumns(type, timezone, t), [type, timezone, t]);
  const grouping = useMemo(() => (type === 'checkinStatus' ? noShowGroup(t) : undefined), [type, t]);
  const localeText = useMemo(() => gridLocaleText(language, emptyText ?? t(NOTHING_ASKED)), [language, emptyText, t]);
  return (
    <DataGrid
      label={t('Report')}
      rows={page.rows}
      getRowId={(row) => row._id}
      columns={columns}
      columnGroupingModel={grouping}
      loading={page.loading}
      paginationMode="server"
      rowCount={page.rowCount}
      paginationModel={page.paginationModel}
      onPaginationModelChange={page.onPaginationModelChange}
      pageSizeOptions={REPORT_PAGE_SIZES}
      // Sorting or filtering one page of a server-paged report would pass for the whole report's order.
      disableColumnSorting
      disableColumnFilter
      disableRowSelectionOnClick
      // A page of at most 100 rows and nine columns: all of them stay in the page, for screen readers and find-in-page
      // too, where a tablet's narrower grid would otherwise leave the last columns out until scrolled to.
      disableVirtualization
      autoHeight
      // A progress bar, unlike the default skeleton of an empty grid, tells screen readers something is loading.
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
      localeText={localeText}
      sx={{ minHeight: 240 }}
    />
  );
}
