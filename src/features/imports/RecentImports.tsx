import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatInTimeZone } from 'date-fns-tz';
import { Fragment, useId, useState } from 'react';
import { ListSkeleton, RetryAlert } from '../../components/LoadStates';
import OutcomeSnackbar, { type Outcome } from '../../components/OutcomeSnackbar';
import type { PastImport } from '../../domain/schemas/imports';
import { errorMessage } from '../../services/errors';
import { useT, type Translate } from '../../services/i18n/useT';
import { useGetRecentImportsQuery } from './importsApi';
import { UndoImportDialog } from './UndoImportDialog';

/** An instant as the app shows dates (d/M/yyyy), in the company's zone. */
const shownTime = (at: string, timezone: string) => formatInTimeZone(at, timezone, 'd/M/yyyy HH:mm');

/** Whether it may still be undone, or who undid it: nothing once it is too old. */
function undoLine(past: PastImport, timezone: string, t: Translate): string | null {
  switch (past.undo) {
    case 'possible':
      return t('Can be undone until {time}', { time: shownTime(past.undoUntil, timezone) });
    case 'undone':
      return past.undone
        ? t('Undone (by {name}, {time})', { name: past.undone.by, time: shownTime(past.undone.at, timezone) })
        : t('Undone');
    case 'changed':
      return t('{count, plural, other {Can no longer be undone: # of its bookings checked in or changed since}}', {
        count: past.changedSince,
      });
    default:
      return null;
  }
}

/** An import that did not read its whole file, or has not yet: what became of it. */
function statusLine(past: PastImport, t: Translate): string | null {
  switch (past.status) {
    case 'running':
      return t('Still importing: these are its counts so far');
    case 'stopped':
      return t('Stopped before the end of the file: import the file again to bring in the rest');
    case 'interrupted':
      return t(
        'Stopped before the end of the file when the server stopped: import the file again to bring in the rest',
      );
    default:
      return null;
  }
}

/** The company's last imports, as each recorded itself batch by batch; one may be undone for a day. */
export function RecentImports({ timezone }: { timezone: string }) {
  const t = useT();
  const headingId = useId();
  const { data, error, refetch } = useGetRecentImportsQuery();
  const [undoing, setUndoing] = useState<PastImport | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  let body;
  if (error && !data) {
    body = (
      <RetryAlert onRetry={refetch}>{errorMessage(error, t('The recent imports could not be loaded'))}</RetryAlert>
    );
  } else if (!data) {
    body = <ListSkeleton label={t('Loading the recent imports')} rowHeight={56} rows={2} />;
  } else if (data.length === 0) {
    body = <Typography sx={{ my: 1 }}>{t('No imports yet')}</Typography>;
  } else {
    body = (
      <List aria-labelledby={headingId} dense>
        {data.map((past) => {
          const lines = [statusLine(past, t), undoLine(past, timezone, t)].filter((line) => line !== null);
          const running = past.status === 'running';
          const imported = {
            count: past.created + past.updated + past.cancelled,
            fileName: past.fileName,
            by: past.by,
          };
          const counts = {
            time: shownTime(past.at, timezone),
            created: past.created,
            updated: past.updated,
            cancelled: past.cancelled,
            rejected: past.rejected,
          };
          return (
            <ListItem key={past._id} disableGutters sx={{ gap: 1 }}>
              <ListItemText
                primary={
                  running
                    ? t('{count, plural, other {# bookings imported so far from {fileName} by {by}}}', imported)
                    : t('{count, plural, other {# bookings imported from {fileName} by {by}}}', imported)
                }
                secondary={
                  <>
                    {running
                      ? t(
                          'Started {time} · {created} created, {updated} updated, {cancelled} cancelled, {rejected} rejected',
                          counts,
                        )
                      : t(
                          '{time} · {created} created, {updated} updated, {cancelled} cancelled, {rejected} rejected',
                          counts,
                        )}
                    {lines.map((line) => (
                      <Fragment key={line}>
                        <br />
                        {line}
                      </Fragment>
                    ))}
                  </>
                }
              />
              {past.undo === 'possible' && (
                <Button
                  aria-label={t('Undo the import of {fileName}', { fileName: past.fileName })}
                  sx={{ flexShrink: 0 }}
                  onClick={() => setUndoing(past)}
                >
                  {t('Undo')}
                </Button>
              )}
            </ListItem>
          );
        })}
      </List>
    );
  }
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        {t('Recent imports')}
      </Typography>
      {body}
      {undoing && (
        <UndoImportDialog
          past={undoing}
          onClose={() => setUndoing(null)}
          onUndone={(past) => {
            setUndoing(null);
            setOutcome({
              severity: 'success',
              message: t('The import of {fileName} was undone', { fileName: past.fileName }),
            });
          }}
        />
      )}
      <OutcomeSnackbar outcome={outcome} onClose={() => setOutcome(null)} />
    </Paper>
  );
}
