import { createHash } from 'node:crypto';
import { SeatLedger, type SeatOverrides } from '../../../src/domain/capacity';
import type { Readable } from 'node:stream';
import { headerNames } from '../../../src/domain/importMapping';
import { toursByName, type NamedTour } from '../../../src/domain/tourNames';
import type { ImportCatalog } from '../../../src/domain/importRow';
import {
  IMPORT_FIELDS,
  type ImportColumns,
  type ImportProgress,
  type ImportSummary,
} from '../../../src/domain/imports';
import type { ImportMapping, ImportQuery, PastImport, RefusedChange } from '../../../src/domain/schemas/imports';
import type { BookingChange } from '../../../src/domain/bookingChanges';
import type { Db } from '../../db/client';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError } from '../../errors';
import { lockCatalog } from '../companies/catalog.repository';
import { listSourceLabels, listTourNames } from '../companies/companies.repository';
import { applyImport } from './importApply';
import { previewBatch } from './importBatch';
import { runImport, type BatchRunner } from './importRun';
import { csvRecords } from './csvRecords';
import {
  listMappings,
  listRecentImports,
  listRefusedChanges,
  saveMapping,
  type RefusedChangeRow,
} from './imports.repository';
import { undoImport } from './importUndo';
import { pastImports } from './pastImports';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

const RECENT_IMPORTS = 20;
const REFUSED_LISTED = 100;
const byLowerName = (labels: string[]) => new Map(labels.map((label) => [label.toLowerCase(), label]));
/** A tour's own name by any name it goes by, whatever the case. */
const tourLabelsByName = (tours: NamedTour[]) =>
  new Map([...toursByName(tours)].map(([name, tour]) => [name, tour.label]));
/**
 * The company's tours and sources as an import reads its rows: under the catalogue lock, held until the batch
 * commits, so a rename waits for the batch and the next batch reads the new names.
 */
async function importCatalog(tx: Db, companyId: string): Promise<ImportCatalog> {
  await lockCatalog(tx, companyId, { shared: true });
  return {
    tours: tourLabelsByName(await listTourNames(tx, companyId)),
    sources: byLowerName(await listSourceLabels(tx, companyId)),
  };
}
/** A kind of file, by its header as compared: short enough for a key whatever the header's length. */
const headerKey = (header: string[]) =>
  createHash('sha256')
    .update(JSON.stringify(headerNames(header)))
    .digest('hex');

/** A refusal's event (bookingFacts.ts `refusedChange`) as listed: what was asked, beside the booking then. */
function toRefusedChange(row: RefusedChangeRow): RefusedChange {
  const { Refused: code, File: fileName, ...asked } = row.after ?? {};
  const before = row.before ?? {};
  const wanted: BookingChange[] = Object.entries(asked).map(([field, to]) =>
    field === 'Cancelled' ? { field } : { field, from: String(before[field] ?? '—'), to: String(to ?? '—') },
  );
  return {
    _id: String(row.id),
    at: new Date(row.at).toISOString(),
    by: row.by,
    fileName: typeof fileName === 'string' ? fileName : null,
    booking: row.booking,
    checkedIn: Number(before['Checked in']) || 0,
    wanted,
    code: code as RefusedChange['code'],
  };
}

/** A file opened for a preview or an import: its header read and the mapping checked against it. */
export interface OpenedImport {
  run(mode: 'preview' | 'apply', progress: (line: ImportProgress) => void): Promise<ImportSummary>;
}

/** CSV import of channel bookings: previewed, then applied in batches, each its own transaction. */
export class ImportsService {
  constructor(
    private readonly tenancy: Tenancy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  mappings(caller: Caller): Promise<ImportMapping[]> {
    return this.tenancy.runAs(caller, (tx, auth) => listMappings(tx, auth.companyId));
  }

  recent(caller: Caller): Promise<PastImport[]> {
    return this.tenancy.runAs(caller, async (tx, auth) => {
      const rows = await listRecentImports(tx, auth.companyId, RECENT_IMPORTS);
      const listed = await pastImports(tx, auth.companyId, rows, this.now());
      // One whose server stopped before its first batch wrote anything did nothing to list.
      return listed.filter((past) => past.status !== 'interrupted' || past.created + past.updated + past.cancelled > 0);
    });
  }

  /** The channel writes and import rows the bookings' check-ins kept out, the latest first. */
  refusedChanges(caller: Caller): Promise<RefusedChange[]> {
    return this.tenancy.runAs(caller, async (tx, auth) =>
      (await listRefusedChanges(tx, auth.companyId, REFUSED_LISTED)).map(toRefusedChange),
    );
  }

  /** Undoes an import (importUndo.ts) and answers it as Recent imports lists it then. */
  undo(caller: Caller, importId: string): Promise<PastImport> {
    return this.tenancy.runAs(caller, async (tx, auth) => {
      const undone = await undoImport(tx, auth, importId, this.now());
      const [listed] = await pastImports(tx, auth.companyId, [undone], this.now());
      return listed as PastImport;
    });
  }

  /** Reads the header and checks the mapping: a wrong one is answered (400) before any row is read. */
  async open(caller: Caller, query: ImportQuery, body: Readable): Promise<OpenedImport> {
    const catalog = await this.tenancy.runAs(caller, (tx, auth) => importCatalog(tx, auth.companyId));
    const fixedSource = query.fixedSource && catalog.sources.get(query.fixedSource.toLowerCase());
    if (query.fixedSource && !fixedSource) {
      throw new BadRequestError(`fixedSource: "${query.fixedSource}" is not one of this company's sources (Settings)`);
    }
    let recordCount = 0;
    const unreadable: Array<{ row: number; error: string }> = [];
    const csv = csvRecords(body, {
      encoding: query.encoding,
      delimiter: query.delimiter,
      onUnreadable: (message) => {
        recordCount += 1;
        unreadable.push({ row: recordCount, error: message });
      },
    });
    const records = csv.records[Symbol.asyncIterator]();
    const first = await records.next();
    if (first.done) throw new BadRequestError(ERROR_MESSAGES.EMPTY_FILE, 'EMPTY_FILE');
    recordCount += 1;
    const header = first.value.map((name) => name.trim());
    const columns: ImportColumns = {};
    for (const field of IMPORT_FIELDS) {
      const column = query[field];
      if (column === undefined) continue;
      if (column >= header.length) {
        throw new BadRequestError(`${field}: the file has ${header.length} columns; there is no column ${column + 1}`);
      }
      columns[field] = column;
    }
    async function* rows() {
      for (let next = await records.next(); !next.done; next = await records.next()) {
        recordCount += 1;
        yield { row: recordCount, cells: next.value };
      }
    }
    const plan = { columns, dateFormat: query.dateFormat, ...(fixedSource ? { fixedSource } : {}) };
    // History imports: bookings over capacity and at times the timetable has no departure for.
    const allowed = query.allowOverbooking === 'true';
    const overrides: SeatOverrides = { overCapacity: allowed, outsideTimetable: allowed };
    const input = { rows: rows(), plan, bytesRead: csv.bytesRead, unreadable };
    const mapping: ImportMapping = {
      source: fixedSource ?? '',
      header,
      columns: Object.fromEntries(Object.entries(columns).map(([field, column]) => [field, header[column] ?? ''])),
      dateFormat: query.dateFormat,
      delimiter: query.delimiter,
    };
    // Remembered once the file is read with it, previewed or imported: the next file of its kind opens with it.
    await this.tenancy.runAs(caller, (tx, auth) => saveMapping(tx, auth.companyId, mapping, headerKey(header)));
    return {
      run: (mode, progress) =>
        mode === 'preview'
          ? this.preview(caller, overrides, (runBatch) => runImport(input, runBatch, progress))
          : this.apply(caller, query.fileName, overrides, (runBatch) => runImport(input, runBatch, progress)),
    };
  }

  /** One ledger of seats for the whole file, so its preview decides as its import's batches will. */
  private preview(
    caller: Caller,
    overrides: SeatOverrides,
    run: (runBatch: BatchRunner) => Promise<ImportSummary>,
  ): Promise<ImportSummary> {
    const seats = { ledger: new SeatLedger(), overrides };
    return run((read) =>
      this.tenancy.runAs(caller, async (tx, auth) => {
        const { bookings } = read(await importCatalog(tx, auth.companyId));
        return previewBatch(tx, auth.companyId, bookings, seats);
      }),
    );
  }

  /** Applies the file as one import (importApply.ts), its names read by each batch. */
  private apply(
    caller: Caller,
    fileName: string,
    overrides: SeatOverrides,
    run: (runBatch: BatchRunner) => Promise<ImportSummary>,
  ): Promise<ImportSummary> {
    return applyImport(this.tenancy, caller, { fileName, overrides, catalog: importCatalog, now: this.now }, run);
  }
}
