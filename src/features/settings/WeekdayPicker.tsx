import Check from '@mui/icons-material/Check';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import { FORMAT_LOCALE, LANGUAGES, type Language } from '../../domain/languages';
import { useLanguage, useT } from '../../services/i18n/useT';
import { WEEKDAYS } from './timetableDraft';

/** "Mon" … "Sun", "Lun" … "Dom": Intl's short weekday names in each language, capitalised as a button's label is. */
const SHORT_NAMES = Object.fromEntries(
  LANGUAGES.map((language) => {
    const locale = FORMAT_LOCALE[language];
    const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    // 1 January 2024 was a Monday: ISO weekday n falls on the nth.
    const names = WEEKDAYS.map((day) => {
      const name = format.format(new Date(Date.UTC(2024, 0, day))).replace(/\.$/, '');
      return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
    });
    return [language, names];
  }),
) as Record<Language, string[]>;

interface WeekdayPickerProps {
  weekdays: number[];
  /** The row's problem line ("Pick at least one weekday"), read out with the days. */
  describedBy?: string | undefined;
  onChange: (weekdays: number[]) => void;
}

/**
 * The days a departure runs, none until picked. A picked day is filled and ticked, so it cannot be mistaken for one
 * left out; each button's name is its visible text (Mon … Sun, Lun … Dom), so speech control finds it by what it shows.
 */
export function WeekdayPicker({ weekdays, describedBy, onChange }: WeekdayPickerProps) {
  const t = useT();
  const names = SHORT_NAMES[useLanguage()];
  const toggle = (day: number) =>
    onChange(weekdays.includes(day) ? weekdays.filter((d) => d !== day) : [...weekdays, day].sort((a, b) => a - b));
  return (
    <Stack
      role="group"
      aria-label={t('Weekdays')}
      aria-describedby={describedBy}
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1 }}
    >
      {WEEKDAYS.map((day) => {
        const picked = weekdays.includes(day);
        return (
          <ToggleButton
            key={day}
            value={day}
            selected={picked}
            onChange={() => toggle(day)}
            sx={{
              minWidth: 72,
              gap: 0.5,
              borderRadius: 5,
              '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText' },
              '&.Mui-selected:hover': { bgcolor: 'primary.dark' },
            }}
          >
            {picked && <Check fontSize="small" />}
            {names[day - 1]}
          </ToggleButton>
        );
      })}
    </Stack>
  );
}
