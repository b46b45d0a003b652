import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DataDirLockedError, lockDataDir } from '../db/client';
import { readBackupAccess } from '../modules/ops/backupAccess';

/** A refusal the command prints as it is, without a stack. */
export class BackupError extends Error {}

/** The running server's copy, taken by the process that holds the database (modules/ops/backup.routes.ts). */
async function askServer(dataDir: string): Promise<Buffer | null> {
  const access = readBackupAccess(dataDir);
  if (!access) return null;
  const answer = await fetch(`${access.url}/ops/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access.token}` },
  }).catch(() => null); // a file left by a server that was killed: nobody answers
  if (!answer) return null;
  if (!answer.ok) throw new BackupError(`The server refused the backup (${answer.status}): ${await answer.text()}`);
  return Buffer.from(await answer.arrayBuffer());
}

/** No server runs: this process takes the data directory's lock and copies the database itself. */
async function copyStopped(dataDir: string): Promise<Buffer> {
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(dataDir, { wait: false });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new BackupError(`A server holds ${dataDir} but does not answer yet: try again once it has started.`);
  }
  try {
    const client = await PGlite.create(join(dataDir, 'pglite'));
    try {
      return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
  } finally {
    await unlock();
  }
}

/**
 * Writes a consistent copy of the embedded database in `dataDir` to `file` (a gzipped tarball of PGlite's data
 * directory, as `dumpDataDir` makes it), whether a server runs on it or not.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<void> {
  const dir = resolve(dataDir);
  if (!existsSync(join(dir, 'pglite'))) throw new BackupError(`${dir} holds no embedded database.`);
  const tarball = (await askServer(dir)) ?? (await copyStopped(dir));
  // Written aside first: a backup cut short never takes the place of a good one.
  const partial = `${file}.partial`;
  writeFileSync(partial, tarball, { mode: 0o600 });
  renameSync(partial, file);
}
