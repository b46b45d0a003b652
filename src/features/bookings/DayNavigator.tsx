import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatDayLabel } from '../../components/days';
import { dayPath } from '../../components/paths';
import { nextDay, previousDay } from '../../domain/slotRules';
import { useLanguage, useT } from '../../services/i18n/useT';
import { DayPickerButton } from './DayPickerButton';

interface DayNavigatorProps {
  day: string;
  /** Today in the company's timezone. */
  today: string;
}

/** The day's date, the chevrons and Today (big enough to flip days with a thumb), and a picker for any other day. */
export function DayNavigator({ day, today }: DayNavigatorProps) {
  const navigate = useNavigate();
  const t = useT();
  const language = useLanguage();
  return (
    <Stack spacing={1.5}>
      <Typography variant="h2" component="p">
        {formatDayLabel(day, language)}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <IconButton component={RouterLink} to={dayPath(previousDay(day))} aria-label={t('Previous day')} size="large">
            <ChevronLeft />
          </IconButton>
          <Button
            component={RouterLink}
            to={dayPath(today)}
            variant="outlined"
            aria-current={day === today ? 'date' : undefined}
          >
            {t('Today')}
          </Button>
          <IconButton component={RouterLink} to={dayPath(nextDay(day))} aria-label={t('Next day')} size="large">
            <ChevronRight />
          </IconButton>
        </Stack>
        <DayPickerButton day={day} onPick={(picked) => navigate(dayPath(picked))} />
      </Stack>
    </Stack>
  );
}
