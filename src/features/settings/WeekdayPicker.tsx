import Check from '@mui/icons-material/Check';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import { WEEKDAYS } from './timetableDraft';

interface WeekdayPickerProps {
  weekdays: number[];
  /** The row's problem line ("Pick at least one weekday"), read out with the days. */
  describedBy?: string | undefined;
  onChange: (weekdays: number[]) => void;
}

/**
 * The days a departure runs, none until picked. A picked day is filled and ticked, so it cannot be mistaken for one
 * left out; each button's name is its visible text (Mon … Sun), so speech control finds it by what it shows.
 */
export function WeekdayPicker({ weekdays, describedBy, onChange }: WeekdayPickerProps) {
  const toggle = (day: number) =>
    onChange(weekdays.includes(day) ? weekdays.filter((d) => d !== day) : [...weekdays, day].sort((a, b) => a - b));
  return (
    <Stack
      role="group"
      aria-label="Weekdays"
      aria-describedby={describedBy}
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1 }}
    >
      {WEEKDAYS.map((w) => {
        const picked = weekdays.includes(w.day);
        return (
          <ToggleButton
            key={w.day}
            value={w.day}
            selected={picked}
            onChange={() => toggle(w.day)}
            sx={{
              minWidth: 72,
              gap: 0.5,
              borderRadius: 5,
              '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText' },
              '&.Mui-selected:hover': { bgcolor: 'primary.dark' },
            }}
          >
            {picked && <Check fontSize="small" />}
            {w.short}
          </ToggleButton>
        );
      })}
    </Stack>
  );
}
