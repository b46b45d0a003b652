import { DEFAULT_LANGUAGE, type Language } from '../../domain/languages';
import { encodeNameList, REPORT_FIELD_OF, type ReportPage, type ReportType } from '../../domain/reports';
import { api } from '../../services/api';
import { downloadBlob } from '../../components/downloadBlob';

/** What the Manager asked for with Generate: both days included, names as the company spells them. */
export interface ReportRequest {
  type: ReportType;
  /** yyyy-MM-dd, the company's calendar days; the server widens them to whole days in its timezone. */
  startDate: string;
  endDate: string;
  sources: string[];
  tours: string[];
  /** The no-show report only: just the bookings where someone did not show up. */
  onlyNoShows: boolean;
}

export interface ReportPageArgs extends ReportRequest {
  /** 0-based, as the server counts. */
  page: number;
  pageSize: number;
  /** Counts Generate presses: pressing it again with the same filters must fetch fresh counts, not the cache. */
  run: number;
}

/** The server's name for the download; spec §2 says reports download as data.csv. */
export const REPORT_CSV_NAME = 'data.csv';

const names = (list: readonly string[]) => encodeURIComponent(encodeNameList(list));

export const reportPath = ({ type, startDate, endDate, sources, tours }: ReportRequest) =>
  `/api/bookings/reports/${REPORT_FIELD_OF[type]}/${startDate}/${endDate}/${names(sources)}/${names(tours)}`;

/** Sent only when on: the server's default is every booking. */
const noShowsOption = ({ onlyNoShows }: ReportRequest) => (onlyNoShows ? { onlyNoShows: true } : {});

/** The CSV on success; on failure the `{ error }` body, so the message can be shown and the store gets no Blob. */
async function csvOrErrorBody(response: Response): Promise<unknown> {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReport: build.query<ReportPage, ReportPageArgs>({
      query: ({ page, pageSize, ...request }) => ({
        url: reportPath(request),
        params: { page, pageSize, ...noShowsOption(request) },
      }),
      providesTags: [{ type: 'Report', id: 'LIST' }],
    }),
    /**
     * The full report, streamed by the server (the grid only ever holds one page). It needs the bearer token, so
     * it cannot be a plain link; the Blob is handed to the browser here and never reaches the store.
     */
    downloadReportCsv: build.mutation<null, ReportRequest & { headerLanguage: Language }>({
      queryFn: async (request, _api, _extraOptions, baseQuery) => {
        const { headerLanguage } = request;
        const result = await baseQuery({
          url: reportPath(request),
          // English, the server's default, is not sent: the address stays the one it always was.
          params: {
            format: 'csv',
            type: request.type,
            ...noShowsOption(request),
            ...(headerLanguage === DEFAULT_LANGUAGE ? {} : { headerLanguage }),
          },
          responseHandler: csvOrErrorBody,
        });
        if (result.error) return { error: result.error };
        downloadBlob(result.data as Blob, REPORT_CSV_NAME);
        return { data: null };
      },
    }),
  }),
});

export const { useGetReportQuery, useDownloadReportCsvMutation } = reportsApi;
