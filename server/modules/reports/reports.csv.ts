import { Readable } from 'node:stream';
import { REPORT_COLUMNS } from '../../../src/domain/reportColumns';
import type { Language } from '../../../src/domain/languages';
import type { ReportType } from '../../../src/domain/reports';
import { csvCell } from '../../../src/domain/csvCell';
import { translateFor } from '../../lib/messages';
import type { Tenancy } from '../../db/tenancy';
import { csvRecord } from './reports.csvCells';
import { reportBatch, type BatchKey, type ReportFilter } from './reports.repository';

/** RFC 4180 with CRLF, after a BOM so that Excel reads UTF-8. */
const BOM = '\uFEFF';
const CRLF = '\r\n';

/**
 * A report as CSV, for both databases: the records are written by the database (reports.csvCells.ts) in keyset
 * batches, each batch in a short transaction of its own, and the next batch is read only when the client has taken the
 * last one. A slow or stalled reader therefore holds no database connection.
 */
export function reportCsv(
  tenancy: Tenancy,
  filter: ReportFilter,
  type: ReportType,
  timezone: string,
  headerLanguage: Language,
): Readable {
  const header = REPORT_COLUMNS[type].map((column) => csvCell(translateFor(headerLanguage, column.header))).join(',');
  const record = csvRecord(type, timezone);
  async function* chunks() {
    yield BOM + header + CRLF;
    let after: BatchKey | undefined;
    do {
      const batch = await tenancy.read(filter.companyId, (tx) => reportBatch(tx, filter, record, after));
      if (batch.records.length > 0) yield batch.records.join(CRLF) + CRLF;
      after = batch.last;
    } while (after);
  }
  return Readable.from(chunks(), { objectMode: false });
}
