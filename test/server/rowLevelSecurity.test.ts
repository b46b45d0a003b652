import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { APP_ROLE, openPostgres, type Database, type Db } from '../../server/db/client';
import { queryRows } from '../../server/db/rows';
import { bookings, events } from '../../server/db/schema';
import { recordEvents } from '../../server/modules/eventLog/eventLog';
import { Tenancy } from '../../server/db/tenancy';
import { createPgDatabase } from './dbTemplate';
import { actorOf, addBooking, createCompany } from './fixtures';
import { DB_KINDS, bearer, describeEachDb } from './helpers';

/** Tables that hold no company's data. Adding one here needs a reason in review. */
const SHARED_TABLES: string[] = [
  // Sign-in and signup attempts are counted before any company is known; keys are hashes (server/db/rateLimitStore.ts).
  'rate_limits',
];

/** Drizzle wraps the driver's error: PostgreSQL's refusal is its cause. */
const RLS_VIOLATION = { cause: { message: expect.stringMatching(/violates row-level security policy/) } };

describeEachDb('row-level security: every tenant table has a policy', (ctx) => {
  test('each table of the public schema enables and forces row-level security and has a policy', async () => {
    const tables = await queryRows<{ name: string; enabled: boolean; forced: boolean; policies: number }>(
      ctx().db,
      sql`select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
                 (select count(*) from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname)::int
                   as policies
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p')
           order by c.relname`,
    );
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['bookings', 'companies', 'users', 'notes']));
    const unguarded = tables.filter(
      (t) => !SHARED_TABLES.includes(t.name) && !(t.enabled && t.forced && t.policies > 0),
    );
    expect(unguarded).toEqual([]);
  });

  test('the sign-in functions are the ones the server calls, with no superseded version left callable', async () => {
    const functions = await queryRows<{ name: string; args: string }>(
      ctx().db,
      sql`select p.proname as name, pg_get_function_identity_arguments(p.oid) as args
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public' and p.proname like 'auth\_%'
           order by p.proname, args`,
    );
    expect(functions.map(({ name, args }) => `${name}(${args.replace(/\w+ /g, '')})`)).toEqual([
      'auth_begin_request(uuid, uuid, uuid)',
      'auth_find_member_by_email(text)',
      'auth_find_refresh_token(text)',
    ]);
  });
});

// The role checks need a real PostgreSQL server: PGlite runs as its superuser, to whom policies do not apply.
if (DB_KINDS.includes('postgres')) {
  describe('row-level security on PostgreSQL', () => {
    let database: Database;
    let drop: () => Promise<void>;
    let tenancy: Tenancy;
    const companyA = uuidv7();
    const companyB = uuidv7();

    beforeAll(async () => {
      const created = await createPgDatabase(process.env.TEST_DATABASE_URL as string);
      drop = created.drop;
      database = await openPostgres(created.url, 2);
      tenancy = new Tenancy(database);
      for (const [id, name] of [
        [companyA, 'A'],
        [companyB, 'B'],
      ] as const) {
        await database.owner.execute(sql`insert into companies (id, name) values (${id}, ${name})`);
        await addBooking(database.owner, id, { date: '2026-06-15', time: '10:00', name: `Guest of ${name}` });
      }
    });
    afterAll(async () => {
      await database?.close();
      await drop?.();
    });

    const names = (db: Db) => db.select({ name: bookings.name }).from(bookings);

    test('the app connects as a role that is neither superuser nor BYPASSRLS', async () => {
      const [role] = await queryRows<{ user: string; superuser: boolean; bypass: boolean }>(
        database.db,
        sql`select current_user as user, r.rolsuper as superuser, r.rolbypassrls as bypass
              from pg_roles r where r.rolname = current_user`,
      );
      expect(role).toEqual({ user: APP_ROLE, superuser: false, bypass: false });
    });

    test('with no company set, the app sees no row and cannot write one', async () => {
      expect(await names(database.db)).toEqual([]);
      await expect(addBooking(database.db, companyA, { date: '2026-06-15', time: '11:00' })).rejects.toMatchObject(
        RLS_VIOLATION,
      );
    });

    test('a transaction sees only its own company, even without a company filter in the query', async () => {
      expect(await tenancy.run(companyA, (tx) => names(tx))).toEqual([{ name: 'Guest of A' }]);
      expect(await tenancy.run(companyB, (tx) => names(tx))).toEqual([{ name: 'Guest of B' }]);
    });

    test("a transaction cannot write or change another company's rows", async () => {
      await expect(
        tenancy.run(companyA, (tx) => addBooking(tx, companyB, { date: '2026-06-15', time: '12:00' })),
      ).rejects.toMatchObject(RLS_VIOLATION);
      const changed = await tenancy.run(companyA, (tx) =>
        tx
          .update(bookings)
          .set({ name: 'Taken over' })
          .where(sql`true`)
          .returning({ company: bookings.companyId }),
      );
      expect(changed).toEqual([{ company: companyA }]);
      const owners = await database.owner.select({ name: bookings.name }).from(bookings).orderBy(bookings.name);
      expect(owners).toEqual([{ name: 'Guest of B' }, { name: 'Taken over' }]);
    });

    test('the event log is append-only for the app: it adds and reads its own events, never changes or removes one', async () => {
      const append = (tx: Db, companyId: string) =>
        recordEvents(tx, actorOf(companyId, 'Ana'), [{ kind: 'slot.noteSaved', after: { Note: 'x' } }]);
      await tenancy.run(companyA, (tx) => append(tx, companyA));
      await expect(tenancy.run(companyA, (tx) => append(tx, companyB))).rejects.toMatchObject(RLS_VIOLATION);
      const kinds = (tx: Db) => tx.select({ kind: events.kind, company: events.companyId }).from(events);
      expect(await tenancy.run(companyA, kinds)).toEqual([{ kind: 'slot.noteSaved', company: companyA }]);
      expect(await tenancy.run(companyB, kinds)).toEqual([]);
      const denied = { cause: { message: expect.stringMatching(/permission denied for table events/) } };
      await expect(
        tenancy.run(companyA, (tx) =>
          tx
            .update(events)
            .set({ kind: 'booking.edited' })
            .where(sql`true`),
        ),
      ).rejects.toMatchObject(denied);
      await expect(tenancy.run(companyA, (tx) => tx.delete(events).where(sql`true`))).rejects.toMatchObject(denied);
    });

    test('the company setting ends with its transaction', async () => {
      await tenancy.run(companyA, (tx) => names(tx));
      expect(await names(database.db)).toEqual([]);
    });
  });
}

describeEachDb('tenant scopes', (ctx) => {
  test('a scope rolls back when its work throws, and commits when it resolves', async () => {
    const { db, database } = ctx();
    const tenancy = new Tenancy(database);
    const companyId = uuidv7();
    await db.execute(sql`insert into companies (id, name) values (${companyId}, 'Scoped')`);
    await expect(
      tenancy.run(companyId, async (tx) => {
        await addBooking(tx, companyId, { date: '2026-06-15', time: '09:00', name: 'Rolled back' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await tenancy.run(companyId, (tx) =>
      addBooking(tx, companyId, { date: '2026-06-15', time: '09:00', name: 'Committed' }),
    );
    const rows = await db
      .select({ name: bookings.name })
      .from(bookings)
      .where(sql`${bookings.companyId} = ${companyId}`);
    expect(rows).toEqual([{ name: 'Committed' }]);
  });
});

describeEachDb('row-level security through the API', (ctx) => {
  test('every signed-in request reads its own company inside one scope', async () => {
    const { app, db } = ctx();
    const a = await createCompany(app, db);
    const b = await createCompany(app, db);
    await addBooking(db, a.companyId, { date: '2026-06-15', time: '10:00', name: 'Only in A' });
    await addBooking(db, b.companyId, { date: '2026-06-15', time: '10:00', name: 'Only in B' });
    const res = await app.inject({ url: '/api/bookings/date/2026-06-15', headers: bearer(a.manager.token) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Only in A');
    expect(res.body).not.toContain('Only in B');
  });
});
