import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSignedInUser } from '../../app/hooks';
import { slotPath } from '../../components/paths';
import { TourFlag } from '../../components/TourFlag';
import { tourLook } from '../../components/tourLook';
import type { NearbySlot } from '../../domain/booking';
import { NEARBY_MINUTES, nearbyWindow } from '../../domain/slotRules';
import { errorMessage } from '../../services/errors';
import { useGetNearbyToursQuery, type SlotArgs } from './slotApi';

function byTime(slots: NearbySlot[]): Array<[string, NearbySlot[]]> {
  const groups = new Map<string, NearbySlot[]>();
  const sorted = [...slots].sort((a, b) => a.time.localeCompare(b.time) || a.tour.localeCompare(b.tour));
  for (const slot of sorted) groups.set(slot.time, [...(groups.get(slot.time) ?? []), slot]);
  return [...groups.entries()];
}

/**
 * Spec §2: the slots starting within 15 minutes either side, so a guide can hop to the group next to theirs. One
 * line of fixed height that scrolls sideways, there from the first paint: whatever it holds, the slot below never
 * moves when it arrives.
 */
export function NearbyTours({ slot }: { slot: SlotArgs }) {
  const { company } = useSignedInUser();
  const { data, error, isLoading } = useGetNearbyToursQuery({ day: slot.day, ...nearbyWindow(slot.time) });

  // Secondary information: a failure is logged and the line stays empty.
  useEffect(() => {
    if (error) console.error(errorMessage(error));
  }, [error]);

  const others = (data ?? []).filter((s) => !(s.time === slot.time && s.tour === slot.tour));
  let content;
  if (isLoading) {
    content = <Skeleton variant="rounded" width={200} height={30} aria-hidden />;
  } else if (others.length === 0) {
    content = error ? null : (
      <Typography variant="body2" color="text.secondary">
        None within {NEARBY_MINUTES} minutes
      </Typography>
    );
  } else {
    content = byTime(others).map(([time, slots]) => (
      <Stack key={time} direction="row" sx={{ alignItems: 'center', gap: 1, flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{time}</Typography>
        {slots.map((nearby) => {
          const { flag } = tourLook(company.tours, nearby.tour);
          return (
            <Button
              key={nearby.tour}
              component={RouterLink}
              to={slotPath(slot.day, nearby.time, nearby.tour)}
              variant="outlined"
              size="small"
              startIcon={flag === 'none' ? undefined : <TourFlag flag={flag} />}
              sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {nearby.tour} · {nearby.pax} pax
            </Button>
          );
        })}
      </Stack>
    ));
  }

  return (
    <Stack
      component="nav"
      aria-labelledby="nearby-tours-heading"
      direction="row"
      // Tall enough for a desktop's scrollbar under the buttons, so it appearing moves nothing either.
      sx={{
        alignItems: 'center',
        gap: 1.5,
        height: 52,
        overflowX: 'auto',
        overflowY: 'hidden',
        scrollbarWidth: 'thin',
        flexShrink: 0,
      }}
    >
      <Typography
        id="nearby-tours-heading"
        variant="subtitle2"
        component="h2"
        color="text.secondary"
        sx={{ flexShrink: 0 }}
      >
        Nearby tours
      </Typography>
      {content}
    </Stack>
  );
}
