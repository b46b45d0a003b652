import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TOUR_COLORS, TOUR_FLAGS, type Tour, type TourColor, type TourFlag } from '../domain/company';
import { msg } from '../domain/messageFormat';
import { useT } from '../services/i18n/useT';
import { errorMessage } from '../services/errors';
import { useSetTourLookMutation, type TourLook } from '../services/tourLookApi';
import type { Outcome } from './OutcomeSnackbar';
import { TourFlag as FlagArt } from './TourFlag';
import { TOUR_COLOR_HEX } from './tourLook';

const COLOR_LABEL: Record<TourColor, string> = {
  default: msg('Default'),
  blue: msg('Blue'),
  pink: msg('Pink'),
  green: msg('Green'),
  brown: msg('Brown'),
  black: msg('Black'),
  yellow: msg('Yellow'),
};
const FLAG_LABEL: Record<TourFlag, string> = {
  none: msg('None'),
  spain: msg('Spain'),
  uk: msg('UK'),
  italy: msg('Italy'),
  france: msg('France'),
  portugal: msg('Portugal'),
};

const swatch = (color: TourColor) => (
  <Box
    component="span"
    sx={{
      display: 'inline-block',
      width: 20,
      height: 20,
      borderRadius: '50%',
      bgcolor: TOUR_COLOR_HEX[color],
      border: 1,
      borderColor: 'divider',
      flexShrink: 0,
    }}
  />
);
const flagArt = (flag: TourFlag) => (
  <Box component="span" sx={{ display: 'flex', width: 24 }}>
    <FlagArt flag={flag} />
  </Box>
);

type Kind = 'color' | 'flag';

/** Each look's field: its label, and its choices with their names (English, shown as `t(name)`). */
const LOOKS: Record<Kind, { label: string; options: [string, string][] }> = {
  color: { label: msg('Colour'), options: TOUR_COLORS.map((color) => [color, COLOR_LABEL[color]]) },
  flag: { label: msg('Flag'), options: TOUR_FLAGS.map((flag) => [flag, FLAG_LABEL[flag]]) },
};
const art = (kind: Kind, option: string) =>
  kind === 'color' ? swatch(option as TourColor) : flagArt(option as TourFlag);

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
  // One call per look, so that each field is busy only while its own pick is saving.
  const t = useT();
  const calls = { color: useSetTourLookMutation(), flag: useSetTourLookMutation() };

  const pick = async (kind: Kind, option: string) => {
    onOutcome(null);
    const [save] = calls[kind];
    const result = await save({ companyId, tourId: tour._id, look: { [kind]: option } as TourLook });
    onOutcome(
      result.data
        ? {
            severity: 'success',
            message: t('{look, select, color {Colour} other {Flag}} of {tour} saved', { look: kind, tour: tour.label }),
          }
        : {
            severity: 'error',
            message: t('{look, select, color {Colour} other {Flag}} of {tour} not saved: {error}', {
              look: kind,
              tour: tour.label,
              error: errorMessage(result.error),
            }),
          },
    );
  };
  // While saving, show the choice being saved rather than snapping back to the stored one.
  const shown = (kind: Kind): string => {
    const [, state] = calls[kind];
    const look: Partial<Record<Kind, string>> | undefined = state.isLoading ? state.originalArgs?.look : undefined;
    return look?.[kind] ?? tour[kind];
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {(['color', 'flag'] as const).map((kind) => (
        <TextField
          key={kind}
          select
          label={t(LOOKS[kind].label)}
          value={shown(kind)}
          disabled={calls[kind][1].isLoading}
          onChange={(event) => void pick(kind, event.target.value)}
        >
          {LOOKS[kind].options.map(([option, name]) => (
            <MenuItem key={option} value={option}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {/* The option's name says it; a flag's own label (its language) would repeat it. */}
                <Box component="span" aria-hidden sx={{ display: 'flex' }}>
                  {art(kind, option)}
                </Box>
                <span>{t(name)}</span>
              </Stack>
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}
