import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { DateLocalization } from '../../components/DateLocalization';
import { Page } from '../../components/Page';
import { reportErrorMessage } from '../../components/reportErrorMessage';
import type { Company } from '../../domain/company';
import { NO_PERMISSION_REPORT, SELECT_BOTH } from '../../domain/reports';
import { ReportForm } from './ReportForm';
import { defaultReportForm, reportRequest, selectionMissing } from './reportFilters';
import { ReportGrid, REPORT_PAGE_SIZES } from './ReportGrid';
import { useDownloadReportCsvMutation, useGetReportQuery, type ReportRequest } from './reportsApi';

/** Spec §2 Reports (the nav's "No Shows"): no-shows by tour date, or reservations by booking date. */
export function ReportsPage() {
  const user = useAppSelector((state) => state.auth.user);
  return (
    <Page title="Reports">
      {/* Spec §5: without a user the form has nobody's data to ask for. */}
      {user ? (
        // Here, not at the app root: the pickers and their locale load only with this lazy page (ARCHITECTURE §6).
        <DateLocalization>
          <Reports company={user.company} />
        </DateLocalization>
      ) : (
        <Alert severity="error">{NO_PERMISSION_REPORT}</Alert>
      )}
    </Page>
  );
}

function Reports({ company }: { company: Company }) {
  const [values, setValues] = useState(() => defaultReportForm(company.timezone, new Date()));
  const [attempted, setAttempted] = useState(false);
  // The grid and the download follow the last generated report, not the form being edited.
  const [request, setRequest] = useState<(ReportRequest & { run: number }) | null>(null);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: REPORT_PAGE_SIZES[0]! });
  const sourceOptions = useMemo(() => company.sources.map((s) => s.label), [company.sources]);
  const tourOptions = useMemo(() => company.tours.map((t) => t.label), [company.tours]);

  const { currentData, data, isFetching, error } = useGetReportQuery(
    request ? { ...request, ...pagination } : skipToken,
  );
  const [downloadCsv, download] = useDownloadReportCsvMutation();

  const generate = () => {
    setAttempted(true);
    const next = reportRequest(values);
    if (!next) return;
    download.reset();
    setRequest({ ...next, run: (request?.run ?? 0) + 1 });
    setPagination((current) => ({ ...current, page: 0 }));
  };

  const missing = attempted && selectionMissing(values);
  // The previous page's total keeps the pager steady while the next page loads.
  const rowCount = currentData?.total ?? data?.total ?? 0;

  return (
    <Stack spacing={2}>
      <ReportForm
        values={values}
        onChange={setValues}
        sourceOptions={sourceOptions}
        tourOptions={tourOptions}
        showSelectionErrors={missing}
        onGenerate={generate}
        canDownload={request !== null}
        downloading={download.isLoading}
        onDownload={() => {
          if (request) void downloadCsv(request);
        }}
      />
      {missing && <Alert severity="error">{SELECT_BOTH}</Alert>}
      {download.error && (
        <Alert severity="error">{reportErrorMessage(download.error, 'The CSV could not be downloaded')}</Alert>
      )}
      {/* On a failure the grid's empty overlay would claim the filters matched nothing. */}
      {error ? (
        <Alert severity="error">{reportErrorMessage(error, 'The report could not be loaded')}</Alert>
      ) : (
        <ReportGrid
          type={request?.type ?? values.type}
          timezone={company.timezone}
          rows={currentData?.rows ?? []}
          rowCount={rowCount}
          loading={isFetching}
          generated={request !== null}
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
        />
      )}
    </Stack>
  );
}
