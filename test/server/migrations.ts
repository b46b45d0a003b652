import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import type { Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { migrationsFolder } from '../../server/lib/paths';
import { databaseUrl, withAdminClient } from './dbTemplate';
import type { DbKind } from './helpers';

// A migration's test: the database as it was before it, with rows written then, migrated on.

/** The migrations as they were before `tag`: a copy of the folder with its journal cut there. */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'tourdesk-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** A database of its own, empty, migrated by `migrate(folder)` as its owner. */
export async function emptyDatabase(kind: DbKind) {
  if (kind === 'pglite') {
    const client = await PGlite.create();
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      migrate: (folder: string) => migratePglite(db as never, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const baseUrl = process.env.TEST_DATABASE_URL as string;
  const name = `tourdesk_migration_${process.pid}_${Date.now()}`;
  await withAdminClient(baseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const pool = new Pool({ connectionString: databaseUrl(baseUrl, name), max: 1 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    migrate: (folder: string) => migratePg(db as never, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await withAdminClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
