import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { CsvGrid, type CsvColumn } from '../../components/CsvGrid';
import { dateColumn } from '../../components/dateColumn';
import { CUSTOMER_TYPE_LABELS } from '../../components/customerTypeLabels';
import { TotalsPanel } from '../../components/TotalsPanel';
import type { Source } from '../../domain/company';
import type { FeeRow } from '../../domain/reports';
import { useT } from '../../services/i18n/useT';
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
  /** The days shown, d/M/yyyy; null for one day. */
  range: { from: string; to: string } | null;
}

const NO_FEES: readonly FeeRow[] = [];
export function FeesGrid({ fees = NO_FEES, loading, type, sources, fileName, range }: FeesGridProps) {
  const t = useT();
  const rows = useMemo(() => toFeeGridRows(fees, type), [fees, type]);
  const sourceLabels = useMemo(() => feeSourceLabels(sources, fees), [sources, fees]);

  const columns = useMemo<CsvColumn<FeeGridRow>[]>(
    () => [
      dateColumn<FeeGridRow>(t),
      { field: 'tour', headerName: t('Tour'), csvHeader: 'Tour', flex: 1.5, minWidth: 160 },
      ...(type === ALL_TYPES
        ? [
            {
              field: 'type',
              headerName: t('Type'),
              csvHeader: 'Type',
              minWidth: 100,
              // The CSV keeps the English type; only the screen words it.
              renderCell: ({ row }: { row: FeeGridRow }) => t(CUSTOMER_TYPE_LABELS[row.type]),
            },
          ]
        : []),
      // Field names are positional: a source label may contain dots, which the grid reads as paths.
      ...sourceLabels.map((label, index): CsvColumn<FeeGridRow> => ({
        field: `source${index}`,
        headerName: label,
        csvHeader: label,
        type: 'number',
        flex: 1,
        minWidth: 100,
        valueGetter: (_value: unknown, row: FeeGridRow) => feeCount(row, label),
      })),
    ],
    [sourceLabels, type, t],
  );

  const typeValues =
    type === ALL_TYPES ? { type: 'all', label: '' } : { type: 'one', label: t(CUSTOMER_TYPE_LABELS[type]) };

  return (
    <Stack spacing={2}>
      <CsvGrid
        label={t('Fees')}
        rows={rows}
        columns={columns}
        loading={loading}
        noRowsLabel={range ? t('No checked-in guests from {from} to {to}', range) : t('No checked-in guests this day')}
        fileName={fileName}
      />
      {rows.length > 0 && (
        <TotalsPanel
          title={t('Totals')}
          caption={
            range
              ? t(
                  'Checked-in {type, select, all {guests of every type} other {{label}}} from {from} to {to}, per source and for all sources',
                  { ...range, ...typeValues },
                )
              : t(
                  'Checked-in {type, select, all {guests of every type} other {{label}}} of the day, per source and for all sources',
                  typeValues,
                )
          }
          totals={feeTotals(rows, sourceLabels, t('All sources'))}
        />
      )}
    </Stack>
  );
}
