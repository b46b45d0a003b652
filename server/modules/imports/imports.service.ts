import { SeatLedger, type SeatOverrides } from '../../../src/domain/capacity';
import { toursByName, type NamedTour } from '../../../src/domain/tourNames';
import type { Readable } from 'node:stream';
import type { ImportCatalog } from '../../../src/domain/importRow';
import {
  IMPORT_FIELDS,
  type ImportColumns,
  type ImportProgress,
  type ImportSummary,
} from '../../../src/domain/imports';
import type { ImportMapping, ImportQuery, PastImport } from '../../../src/domain/schemas/imports';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError, ForbiddenError } from '../../errors';
import { listSourceLabels, listTourNames } from '../companies/companies.repository';
import { recordEvent } from '../events/eventLog';
import { applyBatch, previewBatch, type ReadRow } from './importBatch';
import { runImport } from './importRun';
import { csvRecords } from './csvRecords';
import { listMappings, recentImportEvents, saveMapping } from './imports.repository';

const RECENT_IMPORTS = 20;
const byLowerName = (labels: string[]) => new Map(labels.map((label) => [label.toLowerCase(), label]));
/** A tour's own name by any name it goes by, whatever the case. */
const tourLabelsByName = (tours: NamedTour[]) =>
  new Map([...toursByName(tours)].map(([name, tour]) => [name, tour.label]));

/** A file opened for a preview or an import: its header read and the mapping checked against it. */
export interface OpenedImport {
  run(mode: 'preview' | 'apply', progress: (line: ImportProgress) => void): Promise<ImportSummary>;
}

/** CSV import of channel bookings (issue 24): previewed, then applied in batches, each its own transaction. */
export class ImportsService {
  constructor(private readonly tenancy: Tenancy) {}

  mappings(caller: Caller): Promise<ImportMapping[]> {
    return this.tenancy.runAs(caller, (tx, auth) => listMappings(tx, auth.companyId));
  }

  recent(caller: Caller): Promise<PastImport[]> {
    return this.tenancy.runAs(caller, async (tx, auth) => {
      const rows = await recentImportEvents(tx, auth.companyId, RECENT_IMPORTS);
      return rows.map(({ at, by, after }) => {
        const facts = (after ?? {}) as Record<string, unknown>;
        const count = (key: string) => Number(facts[key]) || 0;
        return {
          at: at.toISOString(),
          by,
          fileName: String(facts.File ?? ''),
          created: count('Created'),
          updated: count('Updated'),
          cancelled: count('Cancelled'),
          rejected: count('Rejected'),
        };
      });
    });
  }

  /** Reads the header and checks the mapping: a wrong one is answered (400) before any row is read. */
  async open(caller: Caller, query: ImportQuery, body: Readable): Promise<OpenedImport> {
    const catalog: ImportCatalog = await this.tenancy.runAs(caller, async (tx, auth) => ({
      tours: tourLabelsByName(await listTourNames(tx, auth.companyId)),
      sources: byLowerName(await listSourceLabels(tx, auth.companyId)),
    }));
    const fixedSource = query.fixedSource && catalog.sources.get(query.fixedSource.toLowerCase());
    if (query.fixedSource && !fixedSource) {
      throw new BadRequestError(`fixedSource: "${query.fixedSource}" is not one of this company's sources (Settings)`);
    }
    let recordCount = 0;
    const unreadable: Array<{ row: number; reason: string }> = [];
    const csv = csvRecords(body, {
      encoding: query.encoding,
      delimiter: query.delimiter,
      onUnreadable: (message) => {
        recordCount += 1;
        unreadable.push({ row: recordCount, reason: `Not readable as CSV: ${message}` });
      },
    });
    const records = csv.records[Symbol.asyncIterator]();
    const first = await records.next();
    if (first.done) throw new BadRequestError('The file is empty: it has no header row', 'EMPTY_FILE');
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
    const input = { rows: rows(), plan, catalog, bytesRead: csv.bytesRead, unreadable };
    const mapping: ImportMapping = {
      source: fixedSource ?? '',
      columns: Object.fromEntries(Object.entries(columns).map(([field, column]) => [field, header[column] ?? ''])),
      dateFormat: query.dateFormat,
      delimiter: query.delimiter,
    };
    return {
      run: (mode, progress) =>
        mode === 'preview'
          ? this.preview(caller, overrides, (runBatch) => runImport(input, runBatch, progress))
          : this.apply(caller, query.fileName, mapping, overrides, (runBatch) => runImport(input, runBatch, progress)),
    };
  }

  /** One ledger of seats for the whole file, so its preview decides as its import's batches will. */
  private preview(
    caller: Caller,
    overrides: SeatOverrides,
    run: (runBatch: (batch: ReadRow[]) => Promise<ImportSummary['listed']>) => Promise<ImportSummary>,
  ): Promise<ImportSummary> {
    const seats = { ledger: new SeatLedger(), overrides };
    return run((batch) => this.tenancy.runAs(caller, (tx, auth) => previewBatch(tx, auth.companyId, batch, seats)));
  }

  /**
   * Each batch commits on its own, so other requests (and on the embedded database, every company) wait at most one
   * batch. However it ends, what was applied is recorded as one import, and the mapping is remembered.
   */
  private async apply(
    caller: Caller,
    fileName: string,
    mapping: ImportMapping,
    overrides: SeatOverrides,
    run: (runBatch: (batch: ReadRow[]) => Promise<ImportSummary['listed']>) => Promise<ImportSummary>,
  ): Promise<ImportSummary> {
    const applied = { Created: 0, Updated: 0, Cancelled: 0 };
    const key = { create: 'Created', update: 'Updated', cancel: 'Cancelled' } as const;
    let summary: ImportSummary | undefined;
    try {
      summary = await run(async (batch) => {
        const results = await this.tenancy.runAs(caller, (tx, auth) => {
          // A Manager made a Guide during the import: the rest is refused.
          if (auth.role !== 'Manager') throw new ForbiddenError();
          return applyBatch(tx, auth, batch, overrides);
        });
        for (const { outcome } of results) if (outcome in key) applied[key[outcome as keyof typeof key]] += 1;
        return results;
      });
      return summary;
    } finally {
      await this.tenancy.runAs(caller, async (tx, auth) => {
        await saveMapping(tx, auth.companyId, mapping);
        if (applied.Created + applied.Updated + applied.Cancelled === 0) return;
        const after = { File: fileName, ...applied, Rejected: summary?.counts.reject ?? 0 };
        await recordEvent(tx, auth, { kind: 'bookings.imported', after });
      });
    }
  }
}
