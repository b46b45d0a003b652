import { PG_TEMPLATE_DB, PGLITE_TEMPLATE_ENV, removeDir, withAdminClient } from './dbTemplate';

export default async function globalTeardown(): Promise<void> {
  const dir = process.env[PGLITE_TEMPLATE_ENV];
  if (dir) removeDir(dir);
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) await withAdminClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`));
}
