import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import IndeterminateCheckBox from '@mui/icons-material/IndeterminateCheckBox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '../../services/i18n/useT';

// Not a name a company could give a source or tour: control characters never come from a form.
const ALL = '\u0000all';

interface NamesSelectProps {
  label: string;
  /** The company's names, in its order. */
  options: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: boolean;
  /** Shown when the company has no names to pick from. */
  emptyText: string;
}

/** Icons rather than Checkbox inputs: a focusable checkbox inside an option is a nested control for screen readers. */
function Tick({ state }: { state: 'on' | 'off' | 'some' }) {
  const Icon = state === 'on' ? CheckBox : state === 'some' ? IndeterminateCheckBox : CheckBoxOutlineBlank;
  return (
    <ListItemIcon>
      <Icon color={state === 'off' ? 'action' : 'primary'} />
    </ListItemIcon>
  );
}

/** A multi-select of names with a "Select all" toggle; the chosen names keep the company's order. */
export function NamesSelect({ label, options, value, onChange, error = false, emptyText }: NamesSelectProps) {
  const t = useT();
  const chosen = options.filter((option) => value.includes(option));
  const all = options.length > 0 && chosen.length === options.length;

  return (
    <TextField
      select
      label={label}
      value={value}
      error={error}
      helperText={options.length === 0 ? emptyText : undefined}
      onChange={(event) => {
        // A multiple select hands back the new list of values, though its event is typed for one.
        const next = event.target.value as unknown as string[];
        if (next.includes(ALL)) onChange(all ? [] : [...options]);
        else onChange(options.filter((option) => next.includes(option)));
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: () => (all ? t('All ({count})', { count: options.length }) : chosen.join(', ')),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 400 } } } },
        },
      }}
    >
      {options.length > 0 && (
        <MenuItem value={ALL} divider>
          <Tick state={all ? 'on' : chosen.length > 0 ? 'some' : 'off'} />
          <ListItemText primary={t('Select all')} />
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          <Tick state={chosen.includes(option) ? 'on' : 'off'} />
          <ListItemText primary={option} />
        </MenuItem>
      ))}
    </TextField>
  );
}
