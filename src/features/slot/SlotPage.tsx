import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { Page } from '../../components/Page';

export function SlotPage() {
  const { day = '', time = '', tour = '' } = useParams();
  return (
    <Page title={tour}>
      <Typography component="p" variant="h2">
        {day} · {time}
      </Typography>
    </Page>
  );
}
