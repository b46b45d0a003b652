import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { slotPath } from '../../components/paths';
import { Placeholder } from '../../components/Placeholder';
import { TourFlag } from '../../components/TourFlag';
import { tourLook } from '../../components/tourLook';
import type { NearbySlot } from '../../domain/booking';
import { NEARBY_MINUTES, nearbyWindow } from '../../domain/slotRules';
import { errorMessage } from '../../services/errors';
import { useGetNearbyToursQuery, type SlotArgs } from './slotApi';
import { useCompany } from '../../services/companyApi';
import { useT } from '../../services/i18n/useT';

function byTime(slots: NearbySlot[]): Array<[string, NearbySlot[]]> {
  const groups = new Map<string, NearbySlot[]>();
  const sorted = [...slots].sort((a, b) => a.time.localeCompare(b.time) || a.tour.localeCompare(b.tour));
  for (const slot of sorted) groups.set(slot.time, [...(groups.get(slot.time) ?? []), slot]);
  return [...groups.entries()];
}

/** The nearby slots as links, grouped by time (NearbyTours holds the line they sit on). */
export default function NearbyToursList({ slot }: { slot: SlotArgs }) {
  const company = useCompany();
  const t = useT();
  const { data, error, isLoading } = useGetNearbyToursQuery({ day: slot.day, ...nearbyWindow(slot.time) });

  // Secondary information: a failure is logged and the line stays empty.
  useEffect(() => {
    if (error) console.error(errorMessage(error));
  }, [error]);

  const others = (data ?? []).filter((s) => !(s.time === slot.time && s.tour === slot.tour));
  if (isLoading) return <Placeholder width={200} height={30} aria-hidden />;
  if (others.length === 0) {
    return error ? null : (
      <Typography variant="body2" color="text.secondary">
        {t('None within {minutes} minutes', { minutes: NEARBY_MINUTES })}
      </Typography>
    );
  }
  return byTime(others).map(([time, slots]) => (
    <Stack key={time} direction="row" sx={{ alignItems: 'center', gap: 1, flexShrink: 0 }}>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{time}</Typography>
      {slots.map((nearby) => {
        const { flag } = tourLook(company.tours, nearby.tour);
        const pax = t('{pax} pax', { pax: nearby.pax });
        return (
          <Button
            key={nearby.tour}
            component={RouterLink}
            to={slotPath(slot.day, nearby.time, nearby.tour)}
            aria-label={`${nearby.tour} · ${pax}`}
            variant="outlined"
            size="small"
            startIcon={flag === 'none' ? undefined : <TourFlag flag={flag} />}
            // A long tour name is shortened rather than cut off at a phone's edge; the pax always show.
            sx={{ flexShrink: 0, whiteSpace: 'nowrap', maxWidth: { xs: 'calc(100vw - 88px)', sm: 'none' } }}
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
              {nearby.tour}
            </Box>
            <Box component="span" sx={{ flexShrink: 0, whiteSpace: 'pre' }}>
              {` · ${pax}`}
            </Box>
          </Button>
        );
      })}
    </Stack>
  ));
}
