import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Placeholder } from '../../components/Placeholder';
import type { SlotArgs } from './slotApi';
import { useT } from '../../services/i18n/useT';

// The line is there from the first paint; what fills it downloads after (its query and buttons).
const NearbyToursList = lazy(() => import(/* webpackChunkName: "slot-nearby" */ './NearbyToursList'));

/**
 * Spec §2: the slots starting within 15 minutes either side, so a guide can hop to the group next to theirs. A line
 * of fixed height that scrolls sideways, there from the first paint: whatever it holds, the slot below never moves
 * when it arrives. On a phone the heading sits above it, so a slot's button has the screen's width.
 */
export function NearbyTours({ slot }: { slot: SlotArgs }) {
  const t = useT();
  return (
    <Stack
      component="nav"
      aria-labelledby="nearby-tours-heading"
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, columnGap: 1.5, flexShrink: 0 }}
    >
      <Typography
        id="nearby-tours-heading"
        variant="subtitle2"
        component="h2"
        color="text.secondary"
        sx={{ flexShrink: 0 }}
      >
        {t('Nearby tours')}
      </Typography>
      {/* Tall enough for a desktop's scrollbar under the buttons, so it appearing moves nothing either. */}
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          gap: 1.5,
          height: 52,
          minWidth: 0,
          overflowX: 'auto',
          overflowY: 'hidden',
          scrollbarWidth: 'thin',
        }}
      >
        <Suspense fallback={<Placeholder width={200} height={30} aria-hidden />}>
          <NearbyToursList slot={slot} />
        </Suspense>
      </Stack>
    </Stack>
  );
}
