import { readImportRow, rowLabel, type ImportCatalog, type RowPlan } from '../../../src/domain/importRow';
import {
  IMPORT_LISTED_MAX,
  UNKNOWN_TOURS_LISTED_MAX,
  emptyCounts,
  type ImportProgress,
  type ImportRowResult,
  type ImportSummary,
} from '../../../src/domain/imports';
import type { ReadRow } from './importBatch';
import { referenceKey } from '../bookings/channelReferences.repository';

const BATCH_ROWS = 500;

/** Runs one batch (previewed, or applied in its own transaction) and answers each row's outcome. */
export type BatchRunner = (rows: ReadRow[]) => Promise<ImportRowResult[]>;

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
    else this.unknownTours.set(name.toLowerCase(), { name, rows: 1 });
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
  /** The data records after the header, each with its row number in the file. */
  rows: AsyncIterable<{ row: number; cells: string[] }>;
  plan: RowPlan;
  catalog: ImportCatalog;
  bytesRead(): number;
  /** Records the parser could not read, found while reading. */
  unreadable: Array<{ row: number; reason: string }>;
}

/**
 * Reads the rows, rejects those that are not bookings (naming the field) and those repeating an earlier row's
 * booking, and runs the rest in batches. A bad row never stops the good ones; progress follows each batch.
 */
export async function runImport(
  input: RunInput,
  runBatch: BatchRunner,
  progress: (line: ImportProgress) => void,
): Promise<ImportSummary> {
  const tally = new Tally();
  const firstRow = new Map<string, number>();
  let batch: ReadRow[] = [];
  const flush = async () => {
    for (const unreadable of input.unreadable.splice(0)) {
      tally.add({
        row: unreadable.row,
        outcome: 'reject',
        reference: '',
        name: '',
        date: '',
        reason: unreadable.reason,
      });
    }
    if (batch.length > 0) for (const result of await runBatch(batch)) tally.add(result);
    batch = [];
    progress({ type: 'progress', rows: tally.summary.rows, bytes: input.bytesRead() });
  };
  for await (const { row, cells } of input.rows) {
    const read = readImportRow(cells, input.plan, input.catalog);
    if ('reason' in read) {
      tally.add({ row, outcome: 'reject', ...rowLabel(cells, input.plan.columns), reason: read.reason });
      if (read.unknownTour) tally.unknownTour(read.unknownTour);
      continue;
    }
    const key = referenceKey(read.booking.source, read.booking.reference);
    const earlier = firstRow.get(key);
    if (earlier !== undefined) {
      const { reference, name, date } = read.booking;
      tally.add({ row, outcome: 'reject', reference, name, date, reason: `The same booking as row ${earlier}` });
      continue;
    }
    firstRow.set(key, row);
    batch.push({ row, booking: read.booking });
    if (batch.length === BATCH_ROWS) await flush();
  }
  await flush();
  return tally.finish();
}
