import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useT } from '../../services/i18n/useT';

/** Every IANA zone the browser knows, UTC first. */
function timeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

interface TimeZoneFieldProps {
  value: string;
  onChange: (zone: string) => void;
}

/** The company's zone, searched by typing part of its name ("madr", "new_y"). */
export function TimeZoneField({ value, onChange }: TimeZoneFieldProps) {
  const t = useT();
  const options = useMemo(() => timeZones(), []);
  return (
    <Autocomplete
      options={options}
      value={value}
      disableClearable
      autoHighlight
      onChange={(_event, zone) => onChange(zone)}
      // MUI's own words, in the reader's language (its button titles and the empty list).
      openText={t('Open')}
      closeText={t('Close')}
      noOptionsText={t('No time zone matches')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('Time zone')}
          helperText={t('Tour days and times, the Guide window and the lock are in this zone.')}
        />
      )}
    />
  );
}
