/** Bench databases made from scratch on the local PostgreSQL, and embedded data dirs, each seeded once. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openEmbedded, openPostgres, type Database, type Db } from '../../server/db/client';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's admin database (create and drop databases). */
export async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The handle that sees every company's rows: the owner's where row-level security binds the app's own. */
export function ownerOf(database: Database): Db {
  return database.owner;
}

/** Drops and recreates `name`, then migrates it (the app would at start-up too). */
export async function freshPostgres(name: string): Promise<{ url: string; database: Database }> {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = databaseUrl(name);
  return { url, database: await openPostgres(url, 4) };
}

/** The server processes serving connections to `name` now. */
export async function backendPids(name: string): Promise<number[]> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

export async function dropPostgres(name: string): Promise<void> {
  await admin(`drop database if exists ${name} with (force)`);
}

export async function freshEmbedded(): Promise<{ dataDir: string; database: Database; remove(): void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tourdesk-bench-'));
  return {
    dataDir,
    database: await openEmbedded(dataDir),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
