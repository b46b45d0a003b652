import { readImportRow, rowLabel, type ImportCatalog, type RowPlan } from '../../../src/domain/importRow';
import { ALIAS_MAX_LENGTH } from '../../../src/domain/company';
import {
  IMPORT_LISTED_MAX,
  UNKNOWN_TOURS_LISTED_MAX,
  UNKNOWN_TOURS_TALLIED_MAX,
  emptyCounts,
  ROW_REASONS,
  type ImportProgress,
  type ImportRowResult,
  type ImportSummary,
} from '../../../src/domain/imports';
import type { ReadRow } from './importBatch';
import { rowReason } from './importPlan';
import { referenceKey } from '../bookings/channelReferences.repository';

const BATCH_ROWS = 500;
/** Between batches, a progress line each time this much more of the file was read (rows may be long). */
const PROGRESS_BYTES = 1024 * 1024;

/** A data record of the file, with its row number (the header is row 1). */
export interface FileRow {
  row: number;
  cells: string[];
}

/** A batch's rows that read as bookings, and how many of its rows were refused as read. */
export interface BatchRows {
  bookings: ReadRow[];
  refused: number;
}

/**
 * Runs one batch in its own transaction: reads the company's tours and sources under the catalogue lock, has `read`
 * read the batch's rows with them, then previews or applies the bookings and answers their outcomes.
 */
export type BatchRunner = (read: (catalog: ImportCatalog) => BatchRows) => Promise<ImportRowResult[]>;

/** Tallies the outcomes; lists the first rows of each, and the tour names no tour has. */
class Tally {
  readonly summary: ImportSummary = { rows: 0, counts: emptyCounts(), listed: [], unknownTours: [] };
  /** By the name in lower case: names differing only in case match one tour, so they are one name. */
  private readonly unknownTours = new Map<string, { name: string; rows: number }>();

  add(result: ImportRowResult) {
    const { counts } = this.summary;
    this.summary.rows += 1;
    counts[result.outcome] += 1;
    if (counts[result.outcome] <= IMPORT_LISTED_MAX) this.summary.listed.push(result);
  }

  unknownTour(name: string) {
    const seen = this.unknownTours.get(name.toLowerCase());
    if (seen) seen.rows += 1;
    // Bounded whatever the file: a name no tour could take as another name, or one past the cap, is not kept.
    else if (name.length <= ALIAS_MAX_LENGTH && this.unknownTours.size < UNKNOWN_TOURS_TALLIED_MAX) {
      this.unknownTours.set(name.toLowerCase(), { name, rows: 1 });
    }
  }

  finish(): ImportSummary {
    this.summary.listed.sort((a, b) => a.row - b.row);
    this.summary.unknownTours = [...this.unknownTours.values()]
      .sort((a, b) => b.rows - a.rows || a.name.localeCompare(b.name))
      .slice(0, UNKNOWN_TOURS_LISTED_MAX);
    return this.summary;
  }
}

export interface RunInput {
  /** The data records after the header. */
  rows: AsyncIterable<FileRow>;
  plan: RowPlan;
  bytesRead(): number;
  /** Records the parser could not read, found while reading, with the parser's words. */
  unreadable: Array<{ row: number; error: string }>;
}

/**
 * Reads the rows in batches, each with the company's names as they are when it runs: rejects those that are not
 * bookings (naming the field) and those repeating an earlier row's booking, and runs the rest. A bad row never stops
 * the good ones; progress follows each batch, and the bytes read between them.
 */
export async function runImport(
  input: RunInput,
  runBatch: BatchRunner,
  progress: (line: ImportProgress) => void,
): Promise<ImportSummary> {
  const tally = new Tally();
  const firstRow = new Map<string, number>();
  let batch: FileRow[] = [];
  let reportAt = PROGRESS_BYTES;
  const report = () => {
    const bytes = input.bytesRead();
    reportAt = bytes + PROGRESS_BYTES;
    progress({ type: 'progress', rows: tally.summary.rows + batch.length, bytes });
  };

  const readBatch = (rows: FileRow[], catalog: ImportCatalog): BatchRows => {
    const bookings: ReadRow[] = [];
    let refused = 0;
    const refuse = (result: ImportRowResult) => {
      tally.add(result);
      refused += 1;
    };
    for (const { row, error } of input.unreadable.splice(0)) {
      const reason = rowReason({ message: ROW_REASONS.notCsv, values: { error } });
      refuse({ row, outcome: 'reject', reference: '', name: '', date: '', ...reason });
    }
    for (const { row, cells } of rows) {
      const read = readImportRow(cells, input.plan, catalog);
      if ('reason' in read) {
        const { reason, reasonMessage } = read;
        refuse({ row, outcome: 'reject', ...rowLabel(cells, input.plan.columns), reason, reasonMessage });
        if (read.unknownTour) tally.unknownTour(read.unknownTour);
        continue;
      }
      const key = referenceKey(read.booking.source, read.booking.reference);
      const earlier = firstRow.get(key);
      if (earlier !== undefined) {
        const { reference, name, date } = read.booking;
        const reason = rowReason({ message: ROW_REASONS.sameBooking, values: { row: String(earlier) } });
        refuse({ row, outcome: 'reject', reference, name, date, ...reason });
        continue;
      }
      firstRow.set(key, row);
      bookings.push({ row, booking: read.booking });
    }
    return { bookings, refused };
  };

  const flush = async () => {
    const rows = batch;
    batch = [];
    if (rows.length > 0 || input.unreadable.length > 0) {
      for (const result of await runBatch((catalog) => readBatch(rows, catalog))) tally.add(result);
    }
    report();
  };
  for await (const row of input.rows) {
    batch.push(row);
    if (batch.length === BATCH_ROWS) await flush();
    else if (input.bytesRead() >= reportAt) report();
  }
  await flush();
  return tally.finish();
}
