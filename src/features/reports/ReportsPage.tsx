import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { DateLocalization } from '../../components/DateLocalization';
import { Page } from '../../components/Page';
import { reportErrorMessage } from '../../components/reportErrorMessage';
import { readStoredChoice, storeChoice } from '../../services/storedChoice';
import { NO_PERMISSION_REPORT, NO_REPORT_ROWS, SELECT_BOTH } from '../../domain/reports';
import { useCompany } from '../../services/companyApi';
import { useT } from '../../services/i18n/useT';
import { NoShowTotals } from './NoShowTotals';
import { ReportForm } from './ReportForm';
import { defaultReportForm, reportRequest, sameReport, selectionMissing, type ReportFormValues } from './reportFilters';
import { ReportGrid, REPORT_PAGE_SIZES } from './ReportGrid';
import { useCsvHeaderLanguage } from '../../components/CsvHeaderLanguageField';
import { useDownloadReportCsvMutation, useGetReportQuery, type ReportRequest } from './reportsApi';
import { useLastPageOfRun } from './useLastPageOfRun';

/** What Generate asked for; `run` counts the presses, so pressing it again fetches fresh counts, not the cache. */
type GeneratedReport = ReportRequest & { run: number };

/** Spec §2 Reports, titled as its menu entry: no-shows by tour date, or reservations by booking date. */
export function ReportsPage() {
  const t = useT();
  const user = useAppSelector((state) => state.auth.user);
  return (
    <Page title={t('No Shows')}>
      {/* Spec §5: without a user the form has nobody's data to ask for. */}
      {user ? (
        // Here, not at the app root: the pickers and their locale load only with this lazy page (ARCHITECTURE §6).
        <DateLocalization>
          <Reports userId={user._id} />
        </DateLocalization>
      ) : (
        <Alert severity="error">{t(NO_PERMISSION_REPORT)}</Alert>
      )}
    </Page>
  );
}

const BOOLEAN = ['true', 'false'] as const;

function Reports({ userId }: { userId: string }) {
  const t = useT();
  const company = useCompany();
  // Each person's last "Only no-shows" choice on this device: a Manager who checks no-shows daily ticks it once.
  const onlyNoShowsKey = `reports:onlyNoShows:${userId}`;
  const [values, setFormValues] = useState(() => ({
    ...defaultReportForm(company.timezone, new Date()),
    onlyNoShows: readStoredChoice(onlyNoShowsKey, BOOLEAN, 'false') === 'true',
  }));
  const setValues = (next: ReportFormValues) => {
    if (next.onlyNoShows !== values.onlyNoShows) storeChoice(onlyNoShowsKey, String(next.onlyNoShows));
    setFormValues(next);
  };
  const [attempted, setAttempted] = useState(false);
  const [generated, setGenerated] = useState<GeneratedReport | null>(null);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: REPORT_PAGE_SIZES[0]! });
  const sourceOptions = useMemo(() => company.sources.map((s) => s.label), [company.sources]);
  const tourOptions = useMemo(() => company.tours.map((tour) => tour.label), [company.tours]);

  // The grid and the download show the last generated report only while the filters still describe it: any change
  // clears both until Generate (changing back shows it again), so neither can disagree with the form.
  const shown = generated && sameReport(reportRequest(values), generated) ? generated : null;
  const { currentData, isFetching, error } = useGetReportQuery(shown ? { ...shown, ...pagination } : skipToken);
  const [downloadCsv, download] = useDownloadReportCsvMutation();
  const csvHeaders = useCsvHeaderLanguage();
  const summary = useLastPageOfRun(shown?.run, currentData);

  const generate = () => {
    setAttempted(true);
    const next = reportRequest(values);
    if (!next) return;
    download.reset();
    setGenerated({ ...next, run: (generated?.run ?? 0) + 1 });
    setPagination((current) => ({ ...current, page: 0 }));
  };

  const missing = attempted && selectionMissing(values);

  return (
    <Stack spacing={2}>
      <ReportForm
        values={values}
        onChange={setValues}
        sourceOptions={sourceOptions}
        tourOptions={tourOptions}
        showSelectionErrors={missing}
        onGenerate={generate}
        canDownload={shown !== null}
        downloading={download.isLoading}
        csvHeaders={csvHeaders}
        onDownload={() => {
          if (shown) void downloadCsv({ ...shown, headerLanguage: csvHeaders.language });
        }}
      />
      {missing && <Alert severity="error">{t(SELECT_BOTH)}</Alert>}
      {shown && download.error && (
        <Alert severity="error">{reportErrorMessage(download.error, t('The CSV could not be downloaded'))}</Alert>
      )}
      {/* On a failure the grid's empty overlay would claim the filters matched nothing. */}
      {error ? (
        <Alert severity="error">{reportErrorMessage(error, t('The report could not be loaded'))}</Alert>
      ) : (
        <>
          {shown?.type === 'checkinStatus' && <NoShowTotals totals={summary?.noShowTotals} />}
          <ReportGrid
            type={shown?.type ?? values.type}
            timezone={company.timezone}
            rows={currentData?.rows ?? []}
            rowCount={summary?.total ?? 0}
            loading={isFetching}
            emptyText={
              shown ? t(NO_REPORT_ROWS) : generated ? t('The filters changed: Generate to see their report') : undefined
            }
            paginationModel={pagination}
            onPaginationModelChange={setPagination}
          />
        </>
      )}
    </Stack>
  );
}
