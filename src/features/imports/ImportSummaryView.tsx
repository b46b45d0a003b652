import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDayNumeric } from '../../components/days';
import { differencesText } from '../../domain/bookingChanges';
import {
  IMPORT_OUTCOMES,
  reasonText,
  type ImportOutcome,
  type ImportRowResult,
  type ImportSummary,
} from '../../domain/imports';
import { FORMAT_LOCALE } from '../../domain/languages';
import { msg } from '../../domain/messageFormat';
import { useLanguage, useT, type Translate } from '../../services/i18n/useT';

const LABELS: Record<'preview' | 'apply', Record<ImportOutcome, string>> = {
  preview: {
    create: msg('To create'),
    update: msg('To update'),
    cancel: msg('To cancel'),
    unchanged: msg('Unchanged'),
    reject: msg('Rejected'),
  },
  apply: {
    create: msg('Created'),
    update: msg('Updated'),
    cancel: msg('Cancelled'),
    unchanged: msg('Unchanged'),
    reject: msg('Rejected'),
  },
};

/**
 * Why a row was rejected or left unchanged, or what an update changes, in the reader's language: from the message or
 * the changes the server sends beside its English `reason` (the English alone from an older server).
 */
function rowReason({ reason, reasonMessage, changes }: ImportRowResult, t: Translate): string {
  // The fields' names in the reader's language; the values are the file's and the booking's.
  if (changes) return differencesText(changes.map((change) => ({ ...change, field: t(change.field) })));
  return reasonMessage ? reasonText(reasonMessage, t) : (reason ?? '');
}

/** The rows of a preview or an import, one tab per outcome, with why a row was rejected or what an update changes. */
export function ImportSummaryView({ summary, mode }: { summary: ImportSummary; mode: 'preview' | 'apply' }) {
  const t = useT();
  const locale = FORMAT_LOCALE[useLanguage()];
  const { counts, listed } = summary;
  const [tab, setTab] = useState<ImportOutcome>(counts.reject > 0 ? 'reject' : 'create');
  const rows = listed.filter((row) => row.outcome === tab);
  return (
    <>
      <Tabs value={tab} onChange={(_event, value: ImportOutcome) => setTab(value)} variant="scrollable">
        {IMPORT_OUTCOMES.map((outcome) => (
          <Tab
            key={outcome}
            value={outcome}
            label={`${t(LABELS[mode][outcome])} (${counts[outcome].toLocaleString(locale)})`}
          />
        ))}
      </Tabs>
      {rows.length === 0 ? (
        <Typography sx={{ my: 2 }}>{t('No rows')}</Typography>
      ) : (
        <Table size="small" aria-label={t(LABELS[mode][tab])}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Row')}</TableCell>
              <TableCell>{t('Booking ID')}</TableCell>
              <TableCell>{t('Name')}</TableCell>
              <TableCell>{t('Date')}</TableCell>
              <TableCell>{tab === 'update' ? t('Changes') : t('Reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.row}>
                <TableCell>{row.row}</TableCell>
                <TableCell>{row.reference}</TableCell>
                <TableCell>{row.name}</TableCell>
                <TableCell>{formatDayNumeric(row.date)}</TableCell>
                <TableCell>{rowReason(row, t)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {counts[tab] > rows.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('Showing the first {shown} of {total} rows.', { shown: rows.length, total: counts[tab] })}
        </Typography>
      )}
    </>
  );
}
