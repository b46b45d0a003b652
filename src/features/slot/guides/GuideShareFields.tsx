import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CUSTOMER_TYPE_LABELS, type CustomerType } from '../../../domain/customerTypes';
import { useT } from '../../../services/i18n/useT';
import { parseShareCount, SHARE_MAX, type ChosenGuide, type ShareInputs } from './splitForm';

interface GuideShareFieldsProps {
  guide: ChosenGuide;
  types: readonly CustomerType[];
  inputs: ShareInputs;
  disabled: boolean;
  onChange: (type: CustomerType, value: string) => void;
}

/** One chosen guide's count per customer type, starting from the even split and editable by hand (spec §4). */
export function GuideShareFields({ guide, types, inputs, disabled, onChange }: GuideShareFieldsProps) {
  const t = useT();
  return (
    <Box role="group" aria-label={t('Share of {name}', { name: guide.name })}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 1 }}>{guide.name}</Typography>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        {types.map((type) => {
          const invalid = parseShareCount(inputs[type]) === null;
          return (
            <TextField
              key={type}
              label={t(CUSTOMER_TYPE_LABELS[type])}
              type="number"
              value={inputs[type]}
              disabled={disabled}
              error={invalid}
              helperText={invalid ? t('{min} to {max}', { min: 0, max: SHARE_MAX }) : undefined}
              onChange={(event) => onChange(type, event.target.value)}
              // The visible label is short for narrow screens; the accessible one says whose count it is.
              slotProps={{
                htmlInput: {
                  min: 0,
                  max: SHARE_MAX,
                  step: 1,
                  inputMode: 'numeric',
                  'aria-label': t('{type} for {name}', { type: t(CUSTOMER_TYPE_LABELS[type]), name: guide.name }),
                },
              }}
              fullWidth={false}
              sx={{ width: 112 }}
            />
          );
        })}
      </Stack>
    </Box>
  );
}
