import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where a running server says how `npm run backup` reaches it: its address and this start's token. */
export interface BackupAccess {
  url: string;
  token: string;
}

const fileIn = (dataDir: string) => join(resolve(dataDir), 'backup-access.json');

export function writeBackupAccess(dataDir: string, access: BackupAccess): void {
  writeFileSync(fileIn(dataDir), JSON.stringify(access), { mode: 0o600 });
}

/** Null when no server wrote one (none runs, or it has not listened yet). */
export function readBackupAccess(dataDir: string): BackupAccess | null {
  try {
    return JSON.parse(readFileSync(fileIn(dataDir), 'utf8')) as BackupAccess;
  } catch {
    return null;
  }
}

export function removeBackupAccess(dataDir: string): void {
  rmSync(fileIn(dataDir), { force: true });
}
