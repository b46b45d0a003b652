import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { backupDataDir } from '../../server/cli/backupDataDir';
import { restoreDataDir } from '../../server/cli/restoreDataDir';
import { loadConfig } from '../../server/config';
import { openEmbedded, type Database, type Db } from '../../server/db/client';
import { bookings } from '../../server/db/schema';
import { seedDemoIfEmpty } from '../../server/seed';
import { copyPgliteTemplate, removeDir } from './dbTemplate';
import { TEST_SECRET } from './helpers';
import { listen } from './sse';

const allBookings = (db: Db) => db.select().from(bookings).orderBy(asc(bookings.id));

describe('npm run backup and restore (embedded database)', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'tourdesk-backup-'));
    dirs.push(dir);
    return dir;
  };
  let dataDir: string;
  let database: Database;
  let app: FastifyInstance;
  let file: string;

  beforeAll(async () => {
    dataDir = copyPgliteTemplate();
    dirs.push(dataDir);
    database = await openEmbedded(dataDir);
    await seedDemoIfEmpty(database.owner, new Date());
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: TEST_SECRET, DATA_DIR: dataDir }) };
    app = await buildApp({ ...config, staticDir: join(dataDir, 'no-web-build') }, { database, backupToken: 'tok' });
    await listen(app);
    file = join(tempDir(), 'tourdesk.tar.gz');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    dirs.forEach(removeDir);
  });

  it('backs up the running server’s database and restores it into an empty directory with the same bookings', async () => {
    const seeded = await allBookings(database.owner);
    expect(seeded.length).toBeGreaterThan(10);
    // The server holds the data directory's lock throughout: the copy can only come from the server itself.
    await backupDataDir(dataDir, file);
    const restoredDir = tempDir();
    await restoreDataDir(restoredDir, file, { replace: false });
    const restored = await openEmbedded(restoredDir);
    try {
      expect(await allBookings(restored.owner)).toEqual(seeded);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a directory that holds a database unless told to replace it', async () => {
    const target = tempDir();
    await restoreDataDir(target, file, { replace: false });
    await expect(restoreDataDir(target, file, { replace: false })).rejects.toThrow(/--replace/);
    await restoreDataDir(target, file, { replace: true });
    expect(existsSync(join(target, 'pglite.restoring'))).toBe(false);
    const restored = await openEmbedded(target);
    await restored.close();
  }, 120_000);

  it('refuses to restore under a running server, even with --replace', async () => {
    await expect(restoreDataDir(dataDir, file, { replace: true })).rejects.toThrow(/server is running/);
    expect(await allBookings(database.owner)).not.toHaveLength(0);
  }, 60_000);
});
