import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { MappingForm } from '../../domain/importMapping';
import {
  DATE_FORMATS,
  DELIMITER_LABELS,
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  REQUIRED_FIELDS,
  type DateFormatId,
  type DelimiterName,
  type ImportField,
} from '../../domain/imports';
import type { InspectedFile } from '../../domain/schemas/imports';
import { useT } from '../../services/i18n/useT';

interface MappingFieldsProps {
  inspected: InspectedFile;
  form: MappingForm;
  /** The company's sources a file may be from. */
  sources: string[];
  problems: Partial<Record<ImportField, string>>;
  /** While a preview or an import runs. */
  disabled: boolean;
  onChange(form: MappingForm): void;
  /** Another delimiter means other columns: the page reads the file's start again. */
  onDelimiter(delimiter: DelimiterName): void;
}

const NOT_IN_FILE = '';

/** Which of the file's columns holds each of Tourdesk's fields, with the file's format. */
export function MappingFields(props: MappingFieldsProps) {
  const { inspected, form, sources, problems, disabled, onChange, onDelimiter } = props;
  const t = useT();
  const example = (column: number) => inspected.sample.find((row) => row[column]?.trim())?.[column]?.trim();
  const setColumn = (field: ImportField, value: string) => {
    const columns = { ...form.columns };
    if (value === NOT_IN_FILE) delete columns[field];
    else columns[field] = Number(value);
    onChange({ ...form, columns });
  };
  const showColumn = (name: string, shown: string | undefined) =>
    shown ? t('{name} (e.g. {example})', { name, example: shown }) : name;
  const fields = IMPORT_FIELDS.filter((field) => field !== 'source' || !form.source);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
      <TextField
        select
        fullWidth
        disabled={disabled}
        label={t('Source of the bookings')}
        value={form.source}
        helperText={form.source ? t('Every row is from this source') : t('Each row names its source')}
        onChange={(event) => onChange({ ...form, source: event.target.value })}
      >
        {sources.map((source) => (
          <MenuItem key={source} value={source}>
            {source}
          </MenuItem>
        ))}
        <MenuItem value="">{t('A column of the file')}</MenuItem>
      </TextField>
      <TextField
        select
        fullWidth
        disabled={disabled}
        label={t('Delimiter')}
        value={form.delimiter}
        onChange={(event) => onDelimiter(event.target.value as DelimiterName)}
      >
        {Object.entries(DELIMITER_LABELS).map(([name, label]) => (
          <MenuItem key={name} value={name}>
            {t(label)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth
        disabled={disabled}
        label={t('Date format')}
        value={form.dateFormat}
        helperText={
          form.columns.date !== undefined
            ? t('The file says {example}', { example: example(form.columns.date) ?? '—' })
            : ' '
        }
        onChange={(event) => onChange({ ...form, dateFormat: event.target.value as DateFormatId })}
      >
        {DATE_FORMATS.map((format) => (
          <MenuItem key={format.id} value={format.id}>
            {format.id} ({format.example})
          </MenuItem>
        ))}
      </TextField>
      {fields.map((field) => (
        <TextField
          key={field}
          select
          fullWidth
          disabled={disabled}
          label={t(IMPORT_FIELD_LABELS[field])}
          required={REQUIRED_FIELDS.includes(field)}
          value={form.columns[field] === undefined ? NOT_IN_FILE : String(form.columns[field])}
          error={Boolean(problems[field])}
          helperText={problems[field] ?? ' '}
          onChange={(event) => setColumn(field, event.target.value)}
        >
          <MenuItem value={NOT_IN_FILE}>{t('Not in the file')}</MenuItem>
          {inspected.columns.map((name, column) => (
            <MenuItem key={column} value={String(column)}>
              {showColumn(name, example(column))}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Box>
  );
}
