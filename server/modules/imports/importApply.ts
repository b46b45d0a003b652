import { v7 as uuidv7 } from 'uuid';
import type { SeatOverrides } from '../../../src/domain/capacity';
import { IMPORT_BEAT_MS, type ImportRowResult, type ImportSummary } from '../../../src/domain/imports';
import type { Db } from '../../db/client';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { ConflictError, ForbiddenError } from '../../errors';
import { actorName, recordEvents } from '../eventLog/eventLog';
import { applyBatch } from './importBatch';
import type { BatchRows, BatchRunner } from './importRun';
import type { ImportCatalog } from '../../../src/domain/importRow';
import {
  countImportBatch,
  endImport,
  findImport,
  markImportAlive,
  startImport,
  type ImportCounts,
} from './imports.repository';

export interface ApplyJob {
  fileName: string;
  overrides: SeatOverrides;
  /** The company's names as a batch reads its rows (under the catalogue lock). */
  catalog(tx: Db, companyId: string): Promise<ImportCatalog>;
  now(): Date;
}

function countsOf(results: ImportRowResult[], rows: BatchRows): ImportCounts {
  const counts = { created: 0, updated: 0, cancelled: 0, rejected: rows.refused };
  const key = { create: 'created', update: 'updated', cancel: 'cancelled', reject: 'rejected' } as const;
  for (const { outcome } of results) if (outcome in key) counts[key[outcome as keyof typeof key]] += 1;
  return counts;
}

/**
 * Applies a file as one import: recorded at its start, before any row, then counted in each batch's own transaction
 * (so other requests, and on the embedded database every company, wait at most one batch), and ended however it
 * ends. What its batches committed stays listed even if its process dies mid-file: with no sign of life, it reads as
 * interrupted. Each of its events carries its id.
 */
export async function applyImport(
  tenancy: Tenancy,
  caller: Caller,
  job: ApplyJob,
  run: (runBatch: BatchRunner) => Promise<ImportSummary>,
): Promise<ImportSummary> {
  const { fileName, now } = job;
  const importId = uuidv7();
  const { companyId } = caller;
  await tenancy.runAs(caller, (tx, auth) =>
    startImport(tx, companyId, {
      id: importId,
      fileName,
      memberId: auth.userId,
      memberName: actorName(auth),
      at: now(),
    }),
  );
  // A missed beat only makes a slow upload read as interrupted sooner; its next batch shows it alive again.
  const beat = setInterval(() => {
    tenancy.run(companyId, (tx) => markImportAlive(tx, companyId, importId, now())).catch(() => undefined);
  }, IMPORT_BEAT_MS);
  beat.unref();
  let finished = false;
  try {
    const summary = await run((read) =>
      tenancy.runAs(caller, async (tx, auth) => {
        // A Manager made a Guide during the import: the rest is refused.
        if (auth.role !== 'Manager') throw new ForbiddenError();
        // The import's row first, as its undo takes it: the batch's later writes to it then wait for nobody.
        await findImport(tx, companyId, importId, { lock: true });
        const rows = read(await job.catalog(tx, companyId));
        const results = await applyBatch(tx, auth, rows.bookings, { importId, fileName }, job.overrides);
        if (!(await countImportBatch(tx, companyId, importId, countsOf(results, rows), now()))) {
          throw new ConflictError('This import was undone meanwhile: the rest of the file was not read');
        }
        return results;
      }),
    );
    finished = true;
    return summary;
  } finally {
    clearInterval(beat);
    await tenancy.runAs(caller, async (tx, auth) => {
      const ended = await endImport(tx, companyId, importId, finished ? 'finished' : 'stopped', now());
      if (!ended || ended.created + ended.updated + ended.cancelled === 0) return;
      const { created, updated, cancelled, rejected } = ended;
      const after = { File: fileName, Created: created, Updated: updated, Cancelled: cancelled, Rejected: rejected };
      await recordEvents(tx, auth, [{ kind: 'bookings.imported', after, operationId: importId }]);
    });
  }
}
