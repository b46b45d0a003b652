import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, type FormEvent } from 'react';
import { CsvHeaderLanguageField, type useCsvHeaderLanguage } from '../../components/CsvHeaderLanguageField';
import { DayRangeFields } from '../../components/DayRangeFields';
import { REPORT_TYPES, type ReportType } from '../../domain/reports';
import { useT } from '../../services/i18n/useT';
import { NamesSelect } from './NamesSelect';
import { REPORT_TYPE_LABELS, type ReportFormValues } from './reportFilters';

interface ReportFormProps {
  values: ReportFormValues;
  onChange: (values: ReportFormValues) => void;
  sourceOptions: readonly string[];
  tourOptions: readonly string[];
  /** After a Generate press with nothing chosen, the empty lists are marked as the reason. */
  showSelectionErrors: boolean;
  onGenerate: () => void;
  /** Off unless the report on screen is the one the filters describe: the download is of that report. */
  canDownload: boolean;
  downloading: boolean;
  onDownload: () => void;
  /** The language of the CSV's header row. */
  csvHeaders: ReturnType<typeof useCsvHeaderLanguage>;
}

export function ReportForm(props: ReportFormProps) {
  const { values, onChange, sourceOptions, tourOptions, showSelectionErrors } = props;
  const t = useT();
  const hintId = useId();
  const set = (change: Partial<ReportFormValues>) => onChange({ ...values, ...change });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onGenerate();
  };

  return (
    <Paper component="form" aria-label={t('Report filters')} noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // One column on phones, two on tablets, three from desktop up.
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <NamesSelect
          label={t('Sources')}
          options={sourceOptions}
          value={values.sources}
          onChange={(sources) => set({ sources })}
          error={showSelectionErrors && values.sources.length === 0}
          emptyText={t('The company has no sources yet')}
        />
        <NamesSelect
          label={t('Tours')}
          options={tourOptions}
          value={values.tours}
          onChange={(tours) => set({ tours })}
          error={showSelectionErrors && values.tours.length === 0}
          emptyText={t('The company has no tours yet')}
        />
        <TextField
          select
          label={t('Report type')}
          value={values.type}
          onChange={(event) => set({ type: event.target.value as ReportType })}
        >
          {REPORT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(REPORT_TYPE_LABELS[type])}
            </MenuItem>
          ))}
        </TextField>
        <DayRangeFields range={values} onChange={({ from, to }) => set({ from, to })} />
        {values.type === 'checkinStatus' && (
          <Box>
            <FormControlLabel
              label={t('Only no-shows')}
              sx={{ minHeight: 44 }}
              control={
                <Checkbox
                  checked={values.onlyNoShows}
                  onChange={(event) => set({ onlyNoShows: event.target.checked })}
                  slotProps={{ input: { 'aria-describedby': hintId } }}
                />
              }
            />
            <FormHelperText id={hintId} sx={{ mt: 0 }}>
              {t('Bookings where at least one guest was not checked in')}
            </FormHelperText>
          </Box>
        )}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained">
          {t('Generate')}
        </Button>
        <CsvHeaderLanguageField choice={props.csvHeaders} />
        <Button
          variant="outlined"
          disabled={!props.canDownload || props.downloading}
          aria-busy={props.downloading}
          startIcon={props.downloading ? <CircularProgress size={18} color="inherit" aria-hidden /> : <Download />}
          onClick={props.onDownload}
        >
          {t('Download CSV')}
        </Button>
      </Stack>
    </Paper>
  );
}
