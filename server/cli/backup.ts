// `npm run backup -- FILE`: the embedded database in DATA_DIR, copied to FILE, while its server runs or not.
import { loadConfig } from '../config';
import { BackupError, backupDataDir } from './backupDataDir';
import { runCommand } from './runCommand';

runCommand(async () => {
  const [file] = process.argv.slice(2);
  if (!file) throw new BackupError('Usage: npm run backup -- FILE');
  const config = loadConfig();
  if (config.databaseUrl) throw new BackupError('DATABASE_URL is set: back PostgreSQL up with pg_dump (README).');
  await backupDataDir(config.dataDir, file);
  return `Backed up ${config.dataDir} to ${file}`;
});
