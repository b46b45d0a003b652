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
import { useT } from '../../services/i18n/useT';
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
  const t = useT();
  if (state.status === 'idle') return null;
  const preview = state.mode === 'preview';
  if (state.status === 'running') {
    const rows = { rows: state.rows };
    return (
      <Box role="status">
        <LinearProgress
          variant="determinate"
          value={state.fraction * 100}
          aria-label={preview ? t('Preview progress') : t('Import progress')}
        />
        <Typography sx={{ mt: 1 }}>
          {preview
            ? t('{rows, plural, other {Reading the file… # rows so far}}', rows)
            : t('{rows, plural, other {Importing the file… # rows so far}}', rows)}
        </Typography>
      </Box>
    );
  }
  if (state.status === 'failed') {
    const { error } = state;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={onRetry}>
            {t('Try again')}
          </Button>
        }
      >
        {preview
          ? t('Preview stopped: {error}.', { error })
          : t('Import stopped: {error}. Rows read before it stopped were imported: see Recent imports.', { error })}
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
              {t('{count, plural, one {Import # booking} other {Import # bookings}}', { count: changed })}
            </Button>
          </Box>
        ) : (
          <Alert severity="info">{t('Nothing to import: every row is unchanged or rejected.')}</Alert>
        )
      ) : (
        <Alert severity={summary.counts.reject > 0 ? 'warning' : 'success'}>
          {t(
            '{count, plural, other {# bookings imported from {fileName}: {created} created, {updated} updated, {cancelled} cancelled; {rejected} rejected.}}',
            {
              count: changed,
              fileName,
              created: summary.counts.create,
              updated: summary.counts.update,
              cancelled: summary.counts.cancel,
              rejected: summary.counts.reject,
            },
          )}
          {day && (
            <>
              {' '}
              <Link component={RouterLink} to={dayPath(day)}>
                {t('See {day}', { day: formatDayNumeric(day) })}
              </Link>
            </>
          )}
        </Alert>
      )}
      <ImportSummaryView key={state.mode} summary={summary} mode={state.mode} />
    </Stack>
  );
}
