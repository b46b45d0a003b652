import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CustomerType } from '../../../domain/customerTypes';
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
  return (
    <Box role="group" aria-label={`Share of ${guide.name}`}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 1 }}>{guide.name}</Typography>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        {types.map((type) => {
          const invalid = parseShareCount(inputs[type]) === null;
          return (
            <TextField
              key={type}
              label={type}
              type="number"
              value={inputs[type]}
              disabled={disabled}
              error={invalid}
              helperText={invalid ? `0 to ${SHARE_MAX}` : undefined}
              onChange={(event) => onChange(type, event.target.value)}
              // The visible label is short for narrow screens; the accessible one says whose count it is.
              slotProps={{
                htmlInput: {
                  min: 0,
                  max: SHARE_MAX,
                  step: 1,
                  inputMode: 'numeric',
                  'aria-label': `${type} for ${guide.name}`,
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
