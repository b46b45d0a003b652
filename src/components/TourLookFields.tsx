import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TOUR_COLORS, TOUR_FLAGS, type Company, type Tour, type TourColor, type TourFlag } from '../domain/company';
import { errorMessage } from '../services/errors';
import { useSetTourColorMutation, useSetTourFlagMutation } from '../services/tourLookApi';
import type { Outcome } from './OutcomeSnackbar';
import { TourFlag as FlagArt } from './TourFlag';
import { TOUR_COLOR_HEX } from './tourLook';

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

interface TourLookFieldsProps {
  companyId: string;
  tour: Tour;
  /** What the last pick did, named for the tour; null while a new one is saving. */
  onOutcome: (outcome: Outcome | null) => void;
}

/**
 * One tour's colour and flag as the day's cards show them, each saved as soon as it is picked; the answer becomes
 * the signed-in company (tourLookApi). Account and Settings › Tours both show it.
 */
export function TourLookFields({ companyId, tour, onOutcome }: TourLookFieldsProps) {
  const [setColor, colorState] = useSetTourColorMutation();
  const [setFlag, flagState] = useSetTourFlagMutation();

  const settle = (what: 'Colour' | 'Flag', result: Saved) =>
    onOutcome(
      result.data
        ? { severity: 'success', message: `${what} of ${tour.label} saved` }
        : { severity: 'error', message: `${what} of ${tour.label} not saved: ${errorMessage(result.error)}` },
    );
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
  );
}
