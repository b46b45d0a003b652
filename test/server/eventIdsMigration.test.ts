import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../server/db/client';
import { eventLogHeads, events } from '../../server/db/schema';
import * as schema from '../../server/db/schema';
import { migrationsFolder } from '../../server/lib/paths';
import { recordEvents } from '../../server/modules/eventLog/eventLog';
import { databaseUrl, removeDir, withAdminClient } from './dbTemplate';
import { actorOf } from './fixtures';
import { DB_KINDS, type DbKind } from './helpers';

const MIGRATION = '0024_per_company_event_ids';

/** The migrations as they were before `tag`: a copy of the folder with its journal cut there. */
function migrationsBefore(tag: string): string {
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
async function emptyDatabase(kind: DbKind) {
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

describe.each(DB_KINDS)('counting event ids per company, from a log counted for all [%s]', (kind) => {
  it("keeps the events' ids, and each company counts on from its last", async () => {
    const before = migrationsBefore(MIGRATION);
    const database = await emptyDatabase(kind);
    try {
      await database.migrate(before);
      const [a, b, c] = [uuidv7(), uuidv7(), uuidv7()];
      // One sequence for all: ids 1 to 6, in this order.
      await database.db.execute(sql`insert into events (company_id, kind, member_name)
        values (${a}, 'slot.noteSaved', 'A'), (${b}, 'slot.noteSaved', 'B'), (${a}, 'slot.noteSaved', 'A'),
               (${b}, 'slot.noteSaved', 'B'), (${b}, 'slot.noteSaved', 'B'), (${a}, 'slot.noteSaved', 'A')`);
      await database.migrate(migrationsFolder);
      const heads = await database.db.select().from(eventLogHeads).orderBy(asc(eventLogHeads.lastId));
      expect(heads).toEqual([
        { companyId: b, lastId: 5 },
        { companyId: a, lastId: 6 },
      ]);
      const note = { kind: 'slot.noteSaved', after: { Note: 'after' } } as const;
      for (const company of [a, b, c]) await recordEvents(database.db, actorOf(company, 'After'), [note]);
      const ids = await database.db
        .select({ companyId: events.companyId, id: events.id })
        .from(events)
        .orderBy(asc(events.companyId), asc(events.id));
      const idsOf = (company: string) => ids.filter((row) => row.companyId === company).map((row) => row.id);
      expect([idsOf(a), idsOf(b), idsOf(c)]).toEqual([[1, 3, 6, 7], [2, 4, 5, 6], [1]]);
    } finally {
      await database.close();
      removeDir(before);
    }
  });
});
