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
import { IMPORT_OUTCOMES, type ImportOutcome, type ImportSummary } from '../../domain/imports';

const LABELS: Record<'preview' | 'apply', Record<ImportOutcome, string>> = {
  preview: {
    create: 'To create',
    update: 'To update',
    cancel: 'To cancel',
    unchanged: 'Unchanged',
    reject: 'Rejected',
  },
  apply: { create: 'Created', update: 'Updated', cancel: 'Cancelled', unchanged: 'Unchanged', reject: 'Rejected' },
};

/** The rows of a preview or an import, one tab per outcome, with why a row was rejected or what an update changes. */
export function ImportSummaryView({ summary, mode }: { summary: ImportSummary; mode: 'preview' | 'apply' }) {
  const { counts, listed } = summary;
  const [tab, setTab] = useState<ImportOutcome>(counts.reject > 0 ? 'reject' : 'create');
  const rows = listed.filter((row) => row.outcome === tab);
  return (
    <>
      <Tabs value={tab} onChange={(_event, value: ImportOutcome) => setTab(value)} variant="scrollable">
        {IMPORT_OUTCOMES.map((outcome) => (
          <Tab key={outcome} value={outcome} label={`${LABELS[mode][outcome]} (${counts[outcome].toLocaleString()})`} />
        ))}
      </Tabs>
      {rows.length === 0 ? (
        <Typography sx={{ my: 2 }}>No rows</Typography>
      ) : (
        <Table size="small" aria-label={LABELS[mode][tab]}>
          <TableHead>
            <TableRow>
              <TableCell>Row</TableCell>
              <TableCell>Booking ID</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>{tab === 'update' ? 'Changes' : 'Reason'}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.row}>
                <TableCell>{row.row}</TableCell>
                <TableCell>{row.reference}</TableCell>
                <TableCell>{row.name}</TableCell>
                <TableCell>{formatDayNumeric(row.date)}</TableCell>
                <TableCell>{row.reason ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {counts[tab] > rows.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Showing the first {rows.length.toLocaleString()} of {counts[tab].toLocaleString()} rows.
        </Typography>
      )}
    </>
  );
}
