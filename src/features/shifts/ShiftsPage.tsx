import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { parse, subDays } from 'date-fns';
import { useState } from 'react';
import { useSignedInUser } from '../../app/hooks';
import { csvFileName } from '../../components/csvFileName';
import { rangeDays, type DayRange } from '../../components/dayRange';
import { DayRangeFields } from '../../components/DayRangeFields';
import { DateLocalization } from '../../components/DateLocalization';
import { Page } from '../../components/Page';
import { DAY_FORMAT } from '../../domain/dates';
import { todayInZone } from '../../domain/zonedDates';
import { useCompany } from '../../services/companyApi';
import { errorMessage } from '../../services/errors';
import { useGetCompanyGuidesQuery } from '../../services/guidesApi';
import { useT } from '../../services/i18n/useT';
import { ShiftsGrid } from './ShiftsGrid';
import { useGetGuideShiftsQuery } from './shiftsApi';

/** The last 7 days up to today, today being the company's calendar day (spec: dates are the company's). */
function lastSevenDays(timezone: string, now: Date): DayRange {
  const today = parse(todayInZone(timezone, now), DAY_FORMAT, now);
  return { from: subDays(today, 6), to: today };
}

/** Spec §2 Shifts: a guide's checked-in guests per slot over a date range; Managers pick the guide (§6). */
export function ShiftsPage() {
  const t = useT();
  return (
    <Page title={t('Shifts')}>
      {/* Here, not at the app root: the pickers and their locale load only with this lazy page (ARCHITECTURE §6). */}
      <DateLocalization>
        <ShiftsReport />
      </DateLocalization>
    </Page>
  );
}

function ShiftsReport() {
  const t = useT();
  const user = useSignedInUser();
  const company = useCompany();
  const isManager = user.role === 'Manager';
  const [range, setRange] = useState(() => lastSevenDays(company.timezone, new Date()));
  // A Manager starts with nobody: whose shifts they came for is their choice, not their own by default.
  const [guideId, setGuideId] = useState('');
  const { data: guides } = useGetCompanyGuidesQuery(isManager ? undefined : skipToken);

  const days = rangeDays(range);
  const chosen = !isManager || guideId !== '';
  // A Guide's request names nobody: the server answers with their own shifts and refuses anyone else's.
  const { currentData, isFetching, error } = useGetGuideShiftsQuery(
    days && chosen ? { ...(isManager ? { guide: guideId } : {}), ...days } : skipToken,
    // Check-ins change the numbers all day; a report opened again should not show the morning's counts.
    { refetchOnMountOrArgChange: true },
  );

  const guideName = isManager ? (guides?.find((g) => g._id === guideId)?.name ?? '') : user.name;

  return (
    <Stack spacing={2}>
      <Paper component="section" aria-label={t('Report filters')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {isManager && (
            <TextField
              select
              label={t('Guide')}
              value={guideId}
              helperText={guideId === '' ? t('Choose whose shifts to show') : undefined}
              onChange={(event) => setGuideId(event.target.value)}
              sx={{ minWidth: 200 }}
            >
              {(guides ?? []).map((guide) => (
                <MenuItem key={guide._id} value={guide._id}>
                  {guide.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <DayRangeFields range={range} onChange={setRange} />
        </Stack>
      </Paper>
      {error && <Alert severity="error">{errorMessage(error, t('The shifts could not be loaded'))}</Alert>}
      <ShiftsGrid
        shifts={currentData}
        loading={isFetching}
        // Per source only for those shown sources (spec §6 `display`): the server sends a Guide none otherwise.
        detailed={company.detailedShifts && (isManager || company.display)}
        sources={company.sources}
        fileName={days ? csvFileName('shifts', guideName, days.start, 'to', days.end) : 'shifts'}
        noRowsLabel={chosen ? t('No shifts in this range') : t('Choose a guide to see their shifts')}
      />
    </Stack>
  );
}
