import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useAppDispatch, useSignedInUser } from '../../app/hooks';
import { TourFlag as FlagArt } from '../../components/TourFlag';
import { TOUR_COLOR_HEX } from '../../components/tourLook';
import { TOUR_COLORS, TOUR_FLAGS, type Company, type Tour, type TourColor, type TourFlag } from '../../domain/company';
import { companyUpdated } from '../../services/authEvents';
import { errorMessage } from '../../services/errors';
import { useSetTourColorMutation, useSetTourFlagMutation } from './accountApi';

/** Spec §2/§6: a Manager's colour and flag per tour, as the day's cards show them. The page hides it from Guides. */
export function TourCustomisation() {
  const user = useSignedInUser();
  const { tours, _id: companyId } = user.company;
  return (
    <Paper component="section" aria-labelledby="tours-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="tours-heading" variant="h2" sx={{ mb: 1 }}>
        Tours
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The colour and flag each tour shows on the day&apos;s bookings.
      </Typography>
      {tours.length === 0 ? (
        <Typography>No tours yet</Typography>
      ) : (
        <Stack spacing={2} divider={<Divider flexItem />}>
          {tours.map((tour) => (
            <TourRow key={tour._id} companyId={companyId} tour={tour} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

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

function TourRow({ companyId, tour }: { companyId: string; tour: Tour }) {
  const dispatch = useAppDispatch();
  const headingId = useId();
  const [setColor, colorState] = useSetTourColorMutation();
  const [setFlag, flagState] = useSetTourFlagMutation();
  const [error, setError] = useState<string | null>(null);

  // Every screen reads the tours from the signed-in user's company, so the answer replaces it there at once.
  const settle = (result: Saved) => {
    if (result.data) dispatch(companyUpdated(result.data));
    else setError(errorMessage(result.error));
  };
  const changeColor = async (color: TourColor) => {
    setError(null);
    settle(await setColor({ companyId, tourId: tour._id, color }));
  };
  const changeFlag = async (flag: TourFlag) => {
    setError(null);
    settle(await setFlag({ companyId, tourId: tour._id, flag }));
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
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
