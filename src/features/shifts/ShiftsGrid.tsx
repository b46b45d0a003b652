import { useMemo } from 'react';
import { CsvGrid, type CsvColumn } from '../../components/CsvGrid';
import { dateColumn } from '../../components/dateColumn';
import { CUSTOMER_TYPE_LABELS } from '../../components/customerTypeLabels';
import type { Source } from '../../domain/company';
import { CUSTOMER_TYPES } from '../../domain/customerTypes';
import { msg } from '../../domain/messageFormat';
import type { GuideShiftRow } from '../../domain/team';
import { useT, type Translate } from '../../services/i18n/useT';
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
const countColumn = (field: string, headerName: string, csvHeader = headerName): CsvColumn<ShiftGridRow> => ({
  field,
  headerName,
  csvHeader,
  type: 'number',
  minWidth: 90,
  flex: 0.5,
});

/** The columns every report has, headed in the reader's language. */
const fixedColumns = (t: Translate): CsvColumn<ShiftGridRow>[] => [
  dateColumn<ShiftGridRow>(t),
  // Two departures of one tour on one day are told apart by their time (HH:mm sorts as it reads).
  { field: 'time', headerName: t('Time'), csvHeader: 'Time', minWidth: 80, flex: 0.5 },
  { field: 'tour', headerName: t('Tour'), csvHeader: 'Tour', flex: 1, minWidth: 160 },
];
const TOTAL = msg('Total');

export function ShiftsGrid({ shifts = NO_SHIFTS, loading, detailed, sources, fileName, noRowsLabel }: ShiftsGridProps) {
  const t = useT();
  const rows = useMemo(() => toGridRows(shifts, sources), [shifts, sources]);
  const sourceLabels = useMemo(() => sourceColumnLabels(sources, shifts), [sources, shifts]);

  const columns = useMemo<CsvColumn<ShiftGridRow>[]>(() => {
    if (!detailed) {
      return [
        ...fixedColumns(t),
        ...CUSTOMER_TYPES.map((type) => countColumn(type, t(CUSTOMER_TYPE_LABELS[type]), type)),
      ];
    }
    return [
      ...fixedColumns(t),
      // Field names are positional: a source label may contain dots, which the grid reads as paths.
      ...sourceLabels.map((label, index) => ({
        ...countColumn(`source${index}`, label),
        valueGetter: (_value: unknown, row: ShiftGridRow) => row.bySource[label] ?? 0,
      })),
      countColumn('total', t(TOTAL), TOTAL),
    ];
  }, [detailed, sourceLabels, t]);

  return (
    <CsvGrid
      label={t('Shifts')}
      rows={rows}
      columns={columns}
      loading={loading}
      noRowsLabel={noRowsLabel}
      fileName={fileName}
    />
  );
}
