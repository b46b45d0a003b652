import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import OutcomeSnackbar, { type Outcome } from '../../components/OutcomeSnackbar';
import { useCompany } from '../../services/companyApi';
import { useT } from '../../services/i18n/useT';
import { TourRow } from './TourRow';

/** Spec §2/§6: a Manager's colour and flag per tour, as the day's cards show them. The page hides it from Guides. */
export function TourCustomisation() {
  const t = useT();
  const { tours, _id: companyId } = useCompany();
  // One message for the section: the next change replaces it, whichever tour it is about.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <Paper component="section" aria-labelledby="tours-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="tours-heading" variant="h2" sx={{ mb: 1 }}>
        {t('Tours')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("The colour and flag each tour shows on the day's bookings.")}
      </Typography>
      {tours.length === 0 ? (
        <Typography>{t('No tours yet')}</Typography>
      ) : (
        <Stack spacing={2} divider={<Divider flexItem />}>
          {tours.map((tour) => (
            <TourRow key={tour._id} companyId={companyId} tour={tour} onOutcome={setOutcome} />
          ))}
        </Stack>
      )}
      <OutcomeSnackbar outcome={outcome} onClose={() => setOutcome(null)} />
    </Paper>
  );
}
