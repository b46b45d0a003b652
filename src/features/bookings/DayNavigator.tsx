import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDayLabel } from '../../components/days';
import { dayPath } from '../../components/paths';
import { nextDay, previousDay } from '../../domain/slotRules';

/** The day's date between chevrons; big enough to flip days with a thumb. */
export function DayNavigator({ day }: { day: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <IconButton component={RouterLink} to={dayPath(previousDay(day))} aria-label="Previous day" size="large">
        <ChevronLeft />
      </IconButton>
      <Typography variant="h2" component="p" sx={{ flex: 1, textAlign: 'center' }}>
        {formatDayLabel(day)}
      </Typography>
      <IconButton component={RouterLink} to={dayPath(nextDay(day))} aria-label="Next day" size="large">
        <ChevronRight />
      </IconButton>
    </Stack>
  );
}
