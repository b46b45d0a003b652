import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Outcome } from '../../components/OutcomeSnackbar';
import { TourLookFields } from '../../components/TourLookFields';
import type { Tour } from '../../domain/company';

interface TourRowProps {
  companyId: string;
  tour: Tour;
  onOutcome: (outcome: Outcome | null) => void;
}

/** One tour's colour and flag, under its name. */
export function TourRow({ companyId, tour, onOutcome }: TourRowProps) {
  const headingId = useId();
  return (
    <Box role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {tour.label}
      </Typography>
      <TourLookFields companyId={companyId} tour={tour} onOutcome={onOutcome} />
    </Box>
  );
}
