import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useGetCompanyGuidesQuery } from '../../services/guidesApi';
import { useT } from '../../services/i18n/useT';

interface GuidePickerProps {
  /** The guide's name (what the check-in records), or null to check in as oneself. */
  value: string | null;
  onChange: (guide: string | null) => void;
}

/** Spec §2/§6: members with `assignable` record check-ins as a chosen guide, e.g. the office for a guide offline. */
export function GuidePicker({ value, onChange }: GuidePickerProps) {
  const t = useT();
  const { data: guides = [] } = useGetCompanyGuidesQuery();
  return (
    <TextField
      select
      label={t('Check in as')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      // '' is "Myself": shown as a choice, not as an empty field.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ maxWidth: 360 }}
    >
      <MenuItem value="">{t('Myself')}</MenuItem>
      {guides.map((guide) => (
        <MenuItem key={guide._id} value={guide.name}>
          {guide.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
