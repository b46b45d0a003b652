import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbedded, openPostgres } from '../../server/db/client';
import { PG_TEMPLATE_DB, PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV, databaseUrl, withAdminClient } from './dbTemplate';

export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tourdesk-template-'));
  const embedded = await openEmbedded(dir);
  await embedded.close();
  process.env[PGLITE_TEMPLATE_ENV] = dir;

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    process.env[PG_TEMPLATE_ENV] = PG_TEMPLATE_DB;
    await withAdminClient(baseUrl, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    });
    const pg = await openPostgres(databaseUrl(baseUrl, PG_TEMPLATE_DB), 1);
    await pg.close();
  }
}
