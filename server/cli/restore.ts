// `npm run restore -- FILE [--replace]`: a backup put into DATA_DIR, with no server running on it.
import { loadConfig } from '../config';
import { BackupError } from './backupDataDir';
import { restoreDataDir } from './restoreDataDir';
import { runCommand } from './runCommand';

runCommand(async () => {
  const args = process.argv.slice(2);
  const files = args.filter((arg) => arg !== '--replace');
  if (files.length !== 1) throw new BackupError('Usage: npm run restore -- FILE [--replace]');
  const file = files[0] as string;
  const config = loadConfig();
  if (config.databaseUrl) throw new BackupError('DATABASE_URL is set: restore PostgreSQL with pg_restore (README).');
  await restoreDataDir(config.dataDir, file, { replace: args.includes('--replace') });
  return `Restored ${file} into ${config.dataDir}`;
});
