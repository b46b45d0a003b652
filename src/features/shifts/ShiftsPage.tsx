import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { format, isValid, parse, subDays } from 'date-fns';
import { useState } from 'react';
import { useSignedInUser } from '../../app/hooks';
import { csvFileName } from '../../components/csvFileName';
import { DateLocalization } from '../../components/DateLocalization';
import { DayField } from '../../components/DayField';
import { Page } from '../../components/Page';
import { DAY_FORMAT } from '../../domain/dates';
import { todayInZone } from '../../domain/zonedDates';
import { errorMessage } from '../../services/errors';
import { useGetCompanyGuidesQuery, type CompanyGuide } from '../../services/guidesApi';
import { ShiftsGrid } from './ShiftsGrid';
import { useGetGuideShiftsQuery } from './shiftsApi';

interface Range {
  from: Date | null;
  to: Date | null;
}

/** The last 7 days up to today, today being the company's calendar day (spec: dates are the company's). */
function lastSevenDays(timezone: string, now: Date): Range {
  const today = parse(todayInZone(timezone, now), DAY_FORMAT, now);
  return { from: subDays(today, 6), to: today };
}

const usable = (date: Date | null): date is Date => date !== null && isValid(date);

/** Field errors of the range; a range with any is not sent. */
function rangeErrors({ from, to }: Range): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (!usable(from)) errors.from = 'Enter a date as d/m/yyyy';
  if (!usable(to)) errors.to = 'Enter a date as d/m/yyyy';
  else if (usable(from) && to < from) errors.to = 'To must be on or after From';
  return errors;
}

/** The days to ask for, or null while the range has an error. */
function requestedDays({ from, to }: Range): { start: string; end: string } | null {
  if (!usable(from) || !usable(to) || to < from) return null;
  return { start: format(from, DAY_FORMAT), end: format(to, DAY_FORMAT) };
}

/** Spec §2 Shifts: a guide's checked-in guests per slot over a date range; Managers pick the guide (§6). */
export function ShiftsPage() {
  return (
    <Page title="Shifts">
      {/* Here, not at the app root: the pickers and their locale load only with this lazy page (ARCHITECTURE §6). */}
      <DateLocalization>
        <ShiftsReport />
      </DateLocalization>
    </Page>
  );
}

function ShiftsReport() {
  const user = useSignedInUser();
  const { company } = user;
  const isManager = user.role === 'Manager';
  const [range, setRange] = useState(() => lastSevenDays(company.timezone, new Date()));
  const [guideId, setGuideId] = useState(user._id);
  const { data: guides } = useGetCompanyGuidesQuery(isManager ? undefined : skipToken);

  const errors = rangeErrors(range);
  const days = requestedDays(range);
  // A Guide's request names nobody: the server answers with their own shifts and refuses anyone else's.
  const { currentData, isFetching, error } = useGetGuideShiftsQuery(
    days ? { ...(isManager ? { guide: guideId } : {}), ...days } : skipToken,
    // Check-ins change the numbers all day; a report opened again should not show the morning's counts.
    { refetchOnMountOrArgChange: true },
  );

  const self: CompanyGuide = { _id: user._id, name: user.name };
  const options = guides && guides.length > 0 ? guides : [self];
  const guideName = isManager ? (options.find((g) => g._id === guideId)?.name ?? user.name) : user.name;

  return (
    <Stack spacing={2}>
      <Paper component="section" aria-label="Report filters" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {isManager && (
            <TextField select label="Guide" value={guideId} onChange={(event) => setGuideId(event.target.value)}>
              {options.map((guide) => (
                <MenuItem key={guide._id} value={guide._id}>
                  {guide.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <DayField
            label="From"
            value={range.from}
            error={errors.from}
            onChange={(from) => setRange({ ...range, from })}
          />
          <DayField label="To" value={range.to} error={errors.to} onChange={(to) => setRange({ ...range, to })} />
        </Stack>
      </Paper>
      {error && <Alert severity="error">{errorMessage(error, 'The shifts could not be loaded')}</Alert>}
      <ShiftsGrid
        shifts={currentData}
        loading={isFetching}
        // Per source only for those shown sources (spec §6 `display`): the server sends a Guide none otherwise.
        detailed={company.detailedShifts && (isManager || company.display)}
        sources={company.sources}
        fileName={days ? csvFileName('shifts', guideName, days.start, 'to', days.end) : 'shifts'}
      />
    </Stack>
  );
}
