import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { REPORT_COLUMNS } from '../../../src/domain/reportColumns';
import type { ReportRow, ReportType } from '../../../src/domain/reports';
import type { Tenancy } from '../../db/tenancy';
import { reportBatches, type BatchRow, type ReportBookingRow, type ReportFilter } from './reports.repository';

/**
 * RFC 4180 with a BOM (Excel reads UTF-8), formulas defused, CRLF; a cell holding a line break is quoted (csv-stringify
 * quotes a lone LF or CR only when asked once the record delimiter is set).
 */
const CSV_OPTIONS = {
  bom: true,
  escape_formulas: true,
  record_delimiter: 'windows',
  quote_record_delimiter: true,
} as const;

/**
 * A report as CSV, for both databases: the rows are read in keyset batches, each batch in a short transaction of its
 * own, and the next batch is read only when the client has taken the last one. A slow or stalled reader therefore
 * holds no database connection.
 */
export function reportCsv(
  tenancy: Tenancy,
  filter: ReportFilter,
  type: ReportType,
  timezone: string,
  toReportRow: (row: ReportBookingRow) => ReportRow,
): Readable {
  const columns = REPORT_COLUMNS[type];
  async function* records() {
    let after: BatchRow | undefined;
    for (;;) {
      const batch = await tenancy.run(filter.companyId, (tx) => reportBatches(tx, filter, after));
      for (const row of batch.rows) {
        const reportRow = toReportRow(row);
        yield columns.map((column) => column.value(reportRow, timezone));
      }
      if (!batch.more) return;
      after = batch.rows.at(-1);
    }
  }
  const csv = stringify({ ...CSV_OPTIONS, header: true, columns: columns.map((c) => c.header) });
  // pipeline, not pipe: a query failing mid-stream must end the response, not hang it or crash the process.
  return pipeline(Readable.from(records()), csv, () => {});
}
