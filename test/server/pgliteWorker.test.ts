import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { types, type PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { isUniqueViolation } from '../../server/db/errors';
import { PgliteProxy } from '../../server/db/pgliteProxy';
import { copyPgliteTemplate, removeDir } from './dbTemplate';

const dirs: string[] = [];

async function openProxy(onFailure?: (err: Error) => void): Promise<PgliteProxy> {
  const dir = copyPgliteTemplate();
  dirs.push(dir);
  return PgliteProxy.open(join(dir, 'pglite'), onFailure);
}

/** A promise and the function that resolves it: a test holds a transaction open until it says so. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const ids = async (client: PgliteProxy) =>
  (await client.query<{ id: number }>('select id from worker_note order by id')).rows.map((row) => row.id);

afterAll(() => dirs.forEach(removeDir));

describe('PGlite in a worker thread, through its proxy', () => {
  let client: PgliteProxy;

  beforeAll(async () => {
    client = await openProxy();
    await client.exec('create table worker_note (id int primary key, note text)');
  });

  afterAll(() => client.close());

  beforeEach(() => client.exec('truncate worker_note'));

  it('runs a query with parameters and answers its rows and fields', async () => {
    const result = await client.query<{ total: number; word: string }>('select $1::int + 1 as total, $2 as word', [
      41,
      'pax',
    ]);
    expect(result.rows).toEqual([{ total: 42, word: 'pax' }]);
    expect(result.fields.map((field) => field.name)).toEqual(['total', 'word']);
  });

  it('answers rows as arrays in rowMode array', async () => {
    const result = await client.query("select 1 as one, 'two' as two", [], { rowMode: 'array' });
    expect(result.rows).toEqual([[1, 'two']]);
  });

  it('keeps the text of timestamps and dates with identity parsers, parses them without', async () => {
    const text = "select '2026-06-01 10:30:00'::timestamp as at, '2026-06-01'::date as day";
    const identity = (value: string) => value;
    const kept = await client.query(text, [], { parsers: { [types.TIMESTAMP]: identity, [types.DATE]: identity } });
    expect(kept.rows).toEqual([{ at: '2026-06-01 10:30:00', day: '2026-06-01' }]);
    const parsed = await client.query<{ at: unknown }>(text);
    // A Date of the main thread's realm, not of jest's sandbox: instanceof cannot tell.
    expect(Object.prototype.toString.call(parsed.rows[0]?.at)).toBe('[object Date]');
  });

  it('refuses a parser other than the identity rather than dropping it', async () => {
    await expect(
      client.query("select '2026-06-01'::date as day", [], { parsers: { [types.DATE]: (value) => `day ${value}` } }),
    ).rejects.toThrow(/only identity parsers/);
  });

  it('answers one result per statement of an exec', async () => {
    const results = await client.exec("insert into worker_note values (1, 'a'); select note from worker_note");
    expect(results.map((result) => result.rows)).toEqual([[], [{ note: 'a' }]]);
  });

  it('runs the statements of an exec as one transaction: a failure undoes them all and leaves none open', async () => {
    await expect(client.exec('insert into worker_note values (1); select 1 / 0')).rejects.toMatchObject({
      code: '22012',
    });
    expect(await ids(client)).toEqual([]);
    // Left in an aborted transaction, the connection would refuse this (25P02).
    await client.query('insert into worker_note values (2)');
    expect(await ids(client)).toEqual([2]);
  });

  it('rejects with the database error’s fields, and the caller’s stack', async () => {
    await client.query('insert into worker_note values (1)');
    const err = await client.query('insert into worker_note values (1)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      code: '23505',
      severity: 'ERROR',
      table: 'worker_note',
      constraint: 'worker_note_pkey',
      detail: 'Key (id)=(1) already exists.',
      message: expect.stringContaining('duplicate key value'),
    });
    expect((err as Error).stack).toContain('pgliteWorker.test.ts');
  });

  it('rejects through Drizzle with an error isUniqueViolation recognises', async () => {
    const db = drizzle(client as unknown as PGlite);
    await db.execute(sql`insert into worker_note values (1)`);
    const err = await db.execute(sql`insert into worker_note values (1)`).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
  });

  it('commits a transaction whose callback resolves, and answers its result', async () => {
    const answer = await client.transaction(async (tx) => {
      await tx.exec("insert into worker_note values (1, 'a'); insert into worker_note values (2, 'b')");
      await tx.query('insert into worker_note values ($1)', [3]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await ids(client)).toEqual([1, 2, 3]);
  });

  it('rolls back a transaction whose callback throws, and rejects with its error', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into worker_note values (1)');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await ids(client)).toEqual([]);
  });

  it('rejects a commit that PostgreSQL turned into a rollback (a statement of the transaction failed)', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into worker_note values (1)');
        await tx.query('select 1 / 0').catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect(await ids(client)).toEqual([]);
  });

  // Were the outside query sent at once, the worker would run it before the transaction's next statement.
  it('holds a query made outside an open transaction until it commits', async () => {
    let outside: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query('insert into worker_note values (1)');
      outside = client.query('select count(*)::int as count from worker_note');
      await tx.query('insert into worker_note values (2)');
    });
    expect(await outside).toMatchObject({ rows: [{ count: 2 }] });
  });

  it('runs a query made outside an open transaction after it, so its rollback does not undo it', async () => {
    let outside: Promise<unknown> | undefined;
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into worker_note values (1)');
        outside = client.query('insert into worker_note values (2)');
        await tx.query('select 1');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await outside;
    expect(await ids(client)).toEqual([2]);
  });

  it('rolls back a nested Drizzle transaction to its savepoint and keeps the rest', async () => {
    const db = drizzle(client as unknown as PGlite);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_note values (1)`);
      await expect(
        tx.transaction(async (nested) => {
          await nested.execute(sql`insert into worker_note values (2)`);
          throw new Error('undo the savepoint');
        }),
      ).rejects.toThrow('undo the savepoint');
      await tx.execute(sql`insert into worker_note values (3)`);
    });
    expect(await ids(client)).toEqual([1, 3]);
  });

  it('refuses a transaction’s queries once it has ended', async () => {
    let leaked: { query(text: string): Promise<unknown> } | undefined;
    await client.transaction(async (tx) => {
      leaked = tx;
      await tx.query('select 1');
    });
    await expect(leaked?.query('select 1')).rejects.toThrow('Transaction is closed');
  });
});

describe('the PGlite worker’s end', () => {
  it('rejects calls after close(), which is no failure', async () => {
    const failures: Error[] = [];
    const client = await openProxy((err) => failures.push(err));
    await client.close();
    expect(failures).toEqual([]);
    await expect(client.query('select 1')).rejects.toThrow('PGlite is closed');
    await expect(client.transaction((tx) => tx.query('select 1'))).rejects.toThrow('PGlite is closed');
  });

  it('rejects the calls pending when its worker dies, and every later one, without hanging', async () => {
    const failures: Error[] = [];
    const client = await openProxy((err) => failures.push(err));
    await client.exec('create table worker_note (id int primary key)');
    const held = gate();
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into worker_note values (1)');
      await held.opened;
      await tx.query('insert into worker_note values (2)');
    });
    const waiting = client.query('select count(*) from worker_note');
    // No SQL brings PGlite down: end its thread the way a crash would.
    await (client as unknown as { worker: Worker }).worker.terminate();
    held.open();
    await expect(transaction).rejects.toThrow(/The PGlite worker stopped/);
    await expect(waiting).rejects.toThrow(/The PGlite worker stopped/);
    await expect(client.query('select 1')).rejects.toThrow(/The PGlite worker stopped/);
    await client.close().catch(() => undefined);
    // The server hears of it once (and exits); closing afterwards is not a second failure.
    expect(failures.map((err) => err.message)).toEqual([expect.stringMatching(/The PGlite worker stopped/)]);
  });

  it('rejects open() on a data dir PGlite cannot use', async () => {
    const dir = copyPgliteTemplate();
    dirs.push(dir);
    writeFileSync(join(dir, 'a-file'), '');
    await expect(PgliteProxy.open(join(dir, 'a-file', 'pglite'))).rejects.toThrow(/ENOTDIR/);
  });
});
