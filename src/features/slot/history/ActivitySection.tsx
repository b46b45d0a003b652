import History from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import type { SlotArgs } from '../slotApi';
import { Placeholder } from '../../../components/Placeholder';
import { useT } from '../../../services/i18n/useT';

// Few open it: the list and its request wait for the first tap.
const SlotActivity = lazy(() => import(/* webpackChunkName: "slot-history" */ './SlotActivity'));

/** "Recent activity", collapsed at first, below the slot's bookings. */
export function ActivitySection({ slot }: { slot: SlotArgs }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <Box component="section" aria-label={t('Recent activity')} sx={{ displayPrint: 'none' }}>
      <Button
        startIcon={<History />}
        aria-expanded={open}
        aria-controls={open ? regionId : undefined}
        onClick={() => setOpen((shown) => !shown)}
        sx={{ ml: -1 }}
      >
        {t('Recent activity')}
      </Button>
      {open && (
        <Box id={regionId} sx={{ mt: 1 }}>
          <Suspense fallback={<Placeholder height={72} aria-label={t('Loading the activity')} />}>
            <SlotActivity slot={slot} />
          </Suspense>
        </Box>
      )}
    </Box>
  );
}
