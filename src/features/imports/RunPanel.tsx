import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDayNumeric } from '../../components/days';
import { dayPath } from '../../components/paths';
import type { Company } from '../../domain/company';
import type { ImportSummary } from '../../domain/imports';
import { ImportSummaryView } from './ImportSummaryView';
import { UnknownTours } from './UnknownTours';
import type { RunState } from './useImportRun';

interface RunPanelProps {
  state: RunState;
  fileName: string;
  company: Company;
  onApply(): void;
  /** Runs the preview again (or what failed). */
  onRetry(): void;
}

const changedCount = ({ counts }: ImportSummary) => counts.create + counts.update + counts.cancel;

/** The first day the import put bookings on, to go and see them. */
const firstDay = ({ listed }: ImportSummary) =>
  listed
    .filter((row) => row.outcome === 'create' || row.outcome === 'update')
    .map((row) => row.date)
    .sort()[0];

/** A preview's or an import's progress, then its outcome and what to do next. */
export function RunPanel({ state, fileName, company, onApply, onRetry }: RunPanelProps) {
  if (state.status === 'idle') return null;
  const what = state.mode === 'preview' ? 'Preview' : 'Import';
  if (state.status === 'running') {
    return (
      <Box role="status">
        <LinearProgress variant="determinate" value={state.fraction * 100} aria-label={`${what} progress`} />
        <Typography sx={{ mt: 1 }}>
          {state.mode === 'preview' ? 'Reading' : 'Importing'} the file… {state.rows.toLocaleString()} rows so far
        </Typography>
      </Box>
    );
  }
  if (state.status === 'failed') {
    const partly = state.mode === 'apply' ? ' Rows read before it stopped were imported: see Recent imports.' : '';
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {what} stopped: {state.error}.{partly}
      </Alert>
    );
  }
  const { summary } = state;
  const changed = changedCount(summary);
  const day = firstDay(summary);
  return (
    <Stack spacing={2}>
      {/* Before the Import button: a name matched to its tour here brings its rows in, rather than rejecting them. */}
      {summary.unknownTours.length > 0 && (
        <UnknownTours company={company} names={summary.unknownTours} onNamed={onRetry} />
      )}
      {state.mode === 'preview' ? (
        changed > 0 ? (
          <Box>
            <Button variant="contained" onClick={onApply}>
              Import {changed.toLocaleString()} {changed === 1 ? 'booking' : 'bookings'}
            </Button>
          </Box>
        ) : (
          <Alert severity="info">Nothing to import: every row is unchanged or rejected.</Alert>
        )
      ) : (
        <Alert severity={summary.counts.reject > 0 ? 'warning' : 'success'}>
          {changed.toLocaleString()} bookings imported from {fileName}: {summary.counts.create} created,{' '}
          {summary.counts.update} updated, {summary.counts.cancel} cancelled; {summary.counts.reject} rejected.
          {day && (
            <>
              {' '}
              <Link component={RouterLink} to={dayPath(day)}>
                See {formatDayNumeric(day)}
              </Link>
            </>
          )}
        </Alert>
      )}
      <ImportSummaryView key={state.mode} summary={summary} mode={state.mode} />
    </Stack>
  );
}
