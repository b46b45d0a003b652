import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DataDirLockedError, lockDataDir } from '../db/client';
import { BackupError } from './backupDataDir';

const isEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Puts the database of a backup (`backupDataDir`) into `dataDir`, holding the directory's lock as a server does, so
 * never under a running server. A directory that holds a database is replaced only when asked; the backup is opened
 * aside first, so a bad file leaves the database there as it was.
 */
export async function restoreDataDir(dataDir: string, file: string, options: { replace: boolean }): Promise<void> {
  const dir = resolve(dataDir);
  const target = join(dir, 'pglite');
  if (!isEmpty(target) && !options.replace) {
    throw new BackupError(`${dir} already holds a database: stop its server and run again with --replace.`);
  }
  mkdirSync(dir, { recursive: true });
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(dir, { wait: false });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new BackupError(`A server is running on ${dir}: stop it before restoring.`);
  }
  try {
    const restoring = join(dir, 'pglite.restoring');
    rmSync(restoring, { recursive: true, force: true });
    const tarball = new File([readFileSync(file)], 'backup.tar.gz', { type: 'application/x-gzip' });
    const client = await PGlite.create(restoring, { loadDataDir: tarball });
    await client.query('select 1');
    await client.close();
    rmSync(target, { recursive: true, force: true });
    renameSync(restoring, target);
  } finally {
    await unlock();
  }
}
