import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { format, isValid } from 'date-fns';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { csvFileName } from '../../components/csvFileName';
import { DateLocalization } from '../../components/DateLocalization';
import { DayField } from '../../components/DayField';
import { parseDay } from '../../components/days';
import { Page } from '../../components/Page';
import { reportErrorMessage } from '../../components/reportErrorMessage';
import type { Company } from '../../domain/company';
import { CUSTOMER_TYPES, type CustomerType } from '../../domain/customerTypes';
import { DAY_FORMAT } from '../../domain/dates';
import { todayInZone } from '../../domain/zonedDates';
import { NO_PERMISSION_REPORT } from '../../domain/reports';
import { FeesGrid } from './FeesGrid';
import { useGetFeesQuery } from './feesApi';

/** Spec §2 Fees: a day's checked-in guests of one customer type, per tour and source. */
export function FeesPage() {
  const user = useAppSelector((state) => state.auth.user);
  return (
    <Page title="Fees">
      {user ? (
        // Here, not at the app root: the pickers and their locale load only with this lazy page (ARCHITECTURE §6).
        <DateLocalization>
          <Fees company={user.company} />
        </DateLocalization>
      ) : (
        <Alert severity="error">{NO_PERMISSION_REPORT}</Alert>
      )}
    </Page>
  );
}

function Fees({ company }: { company: Company }) {
  // Today is the company's calendar day, not the browser's.
  const [date, setDate] = useState(() => parseDay(todayInZone(company.timezone, new Date())));
  const [type, setType] = useState<CustomerType>('Adults');
  const day = date && isValid(date) ? format(date, DAY_FORMAT) : null;
  // Check-ins change the counts all day; a page opened again should not show the morning's numbers.
  const { currentData, isFetching, error } = useGetFeesQuery(day ?? skipToken, { refetchOnMountOrArgChange: true });

  return (
    <Stack spacing={2}>
      <Paper component="section" aria-label="Fees filters" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DayField label="Date" value={date} error={day ? undefined : 'Enter a date as d/m/yyyy'} onChange={setDate} />
          <TextField
            select
            label="Customer type"
            value={type}
            onChange={(event) => setType(event.target.value as CustomerType)}
          >
            {CUSTOMER_TYPES.map((customerType) => (
              <MenuItem key={customerType} value={customerType}>
                {customerType}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Typography variant="body2" sx={{ mt: 2 }}>
          The counts are checked-in guests, those marked as present at check-in, not the guests booked.
        </Typography>
      </Paper>
      {error ? (
        <Alert severity="error">{reportErrorMessage(error, 'The fees could not be loaded')}</Alert>
      ) : (
        <FeesGrid
          fees={currentData}
          loading={isFetching}
          type={type}
          sources={company.sources}
          fileName={csvFileName('fees', type, day ?? '')}
        />
      )}
    </Stack>
  );
}
