import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/** A fresh PGlite costs ~2 s and ~700 MiB; copying one migrated data dir costs ~0.3 s. */
export const PGLITE_TEMPLATE_ENV = 'TOURDESK_TEST_PGLITE_TEMPLATE';
/** Per jest run (globalSetup's process id, passed on to the workers): concurrent runs must not drop each other's. */
export const PG_TEMPLATE_ENV = 'TOURDESK_TEST_PG_TEMPLATE';
export const PG_TEMPLATE_DB = process.env[PG_TEMPLATE_ENV] ?? `tourdesk_test_template_${process.pid}`;

export function copyPgliteTemplate(): string {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!template) throw new Error(`${PGLITE_TEMPLATE_ENV} is not set: run server tests through jest's globalSetup`);
  const dir = mkdtempSync(join(tmpdir(), 'tourdesk-test-'));
  cpSync(template, dir, { recursive: true, filter: (src) => !src.endsWith('tourdesk.lock') });
  return dir;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

function adminUrl(url: string): URL {
  return new URL(url);
}

export function databaseUrl(baseUrl: string, database: string): string {
  const url = adminUrl(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(baseUrl: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Each test file gets its own database cloned from the migrated template. */
export async function createPgDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tourdesk_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withAdminClient(baseUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`));
  return {
    url: databaseUrl(baseUrl, name),
    drop: () =>
      withAdminClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
