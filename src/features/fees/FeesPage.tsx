import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { format } from 'date-fns';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { csvFileName } from '../../components/csvFileName';
import { CUSTOMER_TYPE_LABELS } from '../../components/customerTypeLabels';
import { DateLocalization } from '../../components/DateLocalization';
import { DayField } from '../../components/DayField';
import { ENTER_A_DATE, rangeDays, usableDate, type DayRange } from '../../components/dayRange';
import { DayRangeFields } from '../../components/DayRangeFields';
import { formatDayNumeric, parseDay } from '../../components/days';
import { Page } from '../../components/Page';
import { reportErrorMessage } from '../../components/reportErrorMessage';
import { CUSTOMER_TYPES } from '../../domain/customerTypes';
import { DAY_FORMAT } from '../../domain/dates';
import { todayInZone } from '../../domain/zonedDates';
import { NO_PERMISSION_REPORT } from '../../domain/reports';
import { useCompany } from '../../services/companyApi';
import { useT } from '../../services/i18n/useT';
import { ALL_TYPES, type FeeType } from './feeRows';
import { FeesGrid } from './FeesGrid';
import { useGetFeesQuery } from './feesApi';

/** Spec §2 Fees: a day's checked-in guests of one customer type, per tour and source; or several days, all types. */
export function FeesPage() {
  const t = useT();
  const user = useAppSelector((state) => state.auth.user);
  return (
    <Page title={t('Fees')}>
      {user ? (
        // Here, not at the app root: the pickers and their locale load only with this lazy page (ARCHITECTURE §6).
        <DateLocalization>
          <Fees />
        </DateLocalization>
      ) : (
        <Alert severity="error">{t(NO_PERMISSION_REPORT)}</Alert>
      )}
    </Page>
  );
}

function Fees() {
  const t = useT();
  const company = useCompany();
  // Today is the company's calendar day, not the browser's.
  const [date, setDate] = useState(() => parseDay(todayInZone(company.timezone, new Date())));
  const [severalDays, setSeveralDays] = useState(false);
  const [range, setRange] = useState<DayRange>({ from: null, to: null });
  const [type, setType] = useState<FeeType>('Adults');
  const day = usableDate(date) ? format(date, DAY_FORMAT) : null;
  const days = severalDays ? rangeDays(range) : day && { start: day, end: day };
  // Check-ins change the counts all day; a page opened again should not show the morning's numbers.
  const { currentData, isFetching, error } = useGetFeesQuery(days ? { from: days.start, to: days.end } : skipToken, {
    refetchOnMountOrArgChange: true,
  });

  const chooseSeveralDays = (on: boolean) => {
    // The range starts as the day already chosen, so switching changes nothing until a day is picked.
    if (on) setRange({ from: date, to: date });
    setSeveralDays(on);
  };
  const sameDay = !days || days.start === days.end;
  const shownRange = sameDay ? null : { from: formatDayNumeric(days.start), to: formatDayNumeric(days.end) };
  const fileDays = !days ? [] : sameDay ? [days.start] : [days.start, 'to', days.end];

  return (
    <Stack spacing={2}>
      <Paper component="section" aria-label={t('Fees filters')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {severalDays ? (
            <DayRangeFields range={range} onChange={setRange} />
          ) : (
            <DayField label={t('Date')} value={date} error={day ? undefined : t(ENTER_A_DATE)} onChange={setDate} />
          )}
          <TextField
            select
            label={t('Customer type')}
            value={type}
            onChange={(event) => setType(event.target.value as FeeType)}
            sx={{ minWidth: 180 }}
          >
            {[...CUSTOMER_TYPES, ALL_TYPES].map((customerType) => (
              <MenuItem key={customerType} value={customerType}>
                {customerType === ALL_TYPES ? t(ALL_TYPES) : t(CUSTOMER_TYPE_LABELS[customerType])}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <FormControlLabel
          label={t('Several days')}
          control={<Switch checked={severalDays} onChange={(event) => chooseSeveralDays(event.target.checked)} />}
          sx={{ mt: 1, minHeight: 44 }}
        />
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('The counts are checked-in guests, those marked as present at check-in, not the guests booked.')}
        </Typography>
      </Paper>
      {error ? (
        <Alert severity="error">{reportErrorMessage(error, t('The fees could not be loaded'))}</Alert>
      ) : (
        <FeesGrid
          fees={currentData}
          loading={isFetching}
          type={type}
          sources={company.sources}
          fileName={csvFileName('fees', type, ...fileDays)}
          range={shownRange}
        />
      )}
    </Stack>
  );
}
