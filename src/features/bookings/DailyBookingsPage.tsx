import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { Page } from '../../components/Page';

export function DailyBookingsPage() {
  const { day = '' } = useParams();
  return (
    <Page title="Bookings" documentTitle={`Bookings ${day}`}>
      <Typography component="p" variant="h2">
        {day}
      </Typography>
    </Page>
  );
}
