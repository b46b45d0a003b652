import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { slotPath } from '../../components/paths';
import { TourFlag } from '../../components/TourFlag';
import type { TourLook } from '../../components/tourLook';
import type { SlotSummary } from '../../domain/slotGroups';
import { useT } from '../../services/i18n/useT';

const FLAG_HEIGHT = 16;
const FLAG_WIDTH = FLAG_HEIGHT * 1.5;

interface SlotCardProps {
  day: string;
  slot: SlotSummary;
  look: TourLook;
}

export function SlotCard({ day, slot, look }: SlotCardProps) {
  const t = useT();
  const over = Boolean(slot.capacity && slot.pax > slot.capacity);
  return (
    <Card component="li" variant="outlined" sx={{ borderLeft: `8px solid ${look.color}` }}>
      <CardActionArea component={RouterLink} to={slotPath(day, slot.time, slot.tour)} sx={{ p: 2, minHeight: 64 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{slot.time}</Typography>
          {/* The flag's width is kept when a tour has none, so every tour name starts in line. */}
          <Box component="span" sx={{ display: 'inline-flex', width: FLAG_WIDTH, flexShrink: 0 }}>
            <TourFlag flag={look.flag} size={FLAG_HEIGHT} />
          </Box>
          <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{slot.tour}</Typography>
          <Stack sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
            <Typography sx={{ fontWeight: 600 }} color={over ? 'error' : undefined}>
              {slot.capacity
                ? t('{pax} / {capacity} pax', { pax: slot.pax, capacity: slot.capacity })
                : t('{pax} pax', { pax: slot.pax })}
            </Typography>
            {over && (
              <Typography variant="body2" color="error">
                {t('Over capacity')}
              </Typography>
            )}
            {slot.checkedIn > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('{count} checked in', { count: slot.checkedIn })}
              </Typography>
            )}
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
