import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatInTimeZone } from 'date-fns-tz';
import { useId } from 'react';
import { ListSkeleton, RetryAlert } from '../../components/LoadStates';
import { errorMessage } from '../../services/errors';
import { useGetRecentImportsQuery } from './importsApi';

/** The company's last imports, as the event log recorded them. */
export function RecentImports({ timezone }: { timezone: string }) {
  const headingId = useId();
  const { data, error, refetch } = useGetRecentImportsQuery();
  let body;
  if (error && !data) {
    body = <RetryAlert onRetry={refetch}>{errorMessage(error, 'The recent imports could not be loaded')}</RetryAlert>;
  } else if (!data) {
    body = <ListSkeleton label="Loading the recent imports" rowHeight={56} rows={2} />;
  } else if (data.length === 0) {
    body = <Typography sx={{ my: 1 }}>No imports yet</Typography>;
  } else {
    body = (
      <List aria-labelledby={headingId} dense>
        {data.map((past) => (
          <ListItem key={`${past.at}-${past.fileName}`} disableGutters>
            <ListItemText
              primary={`${(past.created + past.updated + past.cancelled).toLocaleString()} bookings imported from ${past.fileName} by ${past.by}`}
              secondary={`${formatInTimeZone(past.at, timezone, 'd MMM yyyy, HH:mm')} · ${past.created} created, ${past.updated} updated, ${past.cancelled} cancelled, ${past.rejected} rejected`}
            />
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        Recent imports
      </Typography>
      {body}
    </Paper>
  );
}
