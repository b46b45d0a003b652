import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useAppDispatch } from '../../app/hooks';
import type { Outcome } from '../../components/OutcomeSnackbar';
import { TourFlag as FlagArt } from '../../components/TourFlag';
import { TOUR_COLOR_HEX } from '../../components/tourLook';
import { TOUR_COLORS, TOUR_FLAGS, type Company, type Tour, type TourColor, type TourFlag } from '../../domain/company';
import { companyUpdated } from '../../services/authEvents';
import { errorMessage } from '../../services/errors';
import { useSetTourColorMutation, useSetTourFlagMutation } from './accountApi';

const COLOR_LABEL: Record<TourColor, string> = {
  default: 'Default',
  blue: 'Blue',
  pink: 'Pink',
  green: 'Green',
  brown: 'Brown',
  black: 'Black',
  yellow: 'Yellow',
};
const FLAG_LABEL: Record<TourFlag, string> = {
  none: 'None',
  spain: 'Spain',
  uk: 'UK',
  italy: 'Italy',
  france: 'France',
  portugal: 'Portugal',
};

function Swatch({ hex }: { hex: string }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 20,
        height: 20,
        borderRadius: '50%',
        bgcolor: hex,
        border: 1,
        borderColor: 'divider',
        flexShrink: 0,
      }}
    />
  );
}

type Saved = { data: Company; error?: undefined } | { data?: undefined; error: unknown };

interface TourRowProps {
  companyId: string;
  tour: Tour;
  onOutcome: (outcome: Outcome | null) => void;
}

/** One tour's colour and flag, each saved as soon as it is picked. */
export function TourRow({ companyId, tour, onOutcome }: TourRowProps) {
  const dispatch = useAppDispatch();
  const headingId = useId();
  const [setColor, colorState] = useSetTourColorMutation();
  const [setFlag, flagState] = useSetTourFlagMutation();

  // Every screen reads the tours from the signed-in user's company, so the answer replaces it there at once.
  const settle = (what: 'Colour' | 'Flag', result: Saved) => {
    if (result.data) {
      dispatch(companyUpdated(result.data));
      onOutcome({ severity: 'success', message: `${what} of ${tour.label} saved` });
    } else {
      onOutcome({ severity: 'error', message: `${what} of ${tour.label} not saved: ${errorMessage(result.error)}` });
    }
  };
  const changeColor = async (color: TourColor) => {
    onOutcome(null);
    settle('Colour', await setColor({ companyId, tourId: tour._id, color }));
  };
  const changeFlag = async (flag: TourFlag) => {
    onOutcome(null);
    settle('Flag', await setFlag({ companyId, tourId: tour._id, flag }));
  };

  // While saving, show the choice being saved rather than snapping back to the stored one.
  const color = (colorState.isLoading && colorState.originalArgs?.color) || tour.color;
  const flag = (flagState.isLoading && flagState.originalArgs?.flag) || tour.flag;

  return (
    <Box role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {tour.label}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Colour"
          value={color}
          disabled={colorState.isLoading}
          onChange={(event) => void changeColor(event.target.value as TourColor)}
        >
          {TOUR_COLORS.map((option) => (
            <MenuItem key={option} value={option}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Swatch hex={TOUR_COLOR_HEX[option]} />
                <span>{COLOR_LABEL[option]}</span>
              </Stack>
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Flag"
          value={flag}
          disabled={flagState.isLoading}
          onChange={(event) => void changeFlag(event.target.value as TourFlag)}
        >
          {TOUR_FLAGS.map((option) => (
            <MenuItem key={option} value={option}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {/* The option's name is the country; the flag's own label (its language) would repeat it. */}
                <Box aria-hidden sx={{ display: 'flex', width: 24 }}>
                  <FlagArt flag={option} />
                </Box>
                <span>{FLAG_LABEL[option]}</span>
              </Stack>
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Box>
  );
}
