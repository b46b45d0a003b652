import { and, eq, sql } from 'drizzle-orm';
import type { ImportSummary } from '../../src/domain/imports';
import { bookings, events } from '../../server/db/schema';
import { addBooking, createCompany, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';
import { CHANNEL_COLUMNS, CHANNEL_HEADER, channelQuery, csvOf, sendImport } from './importRequests';

const viatorBookings = (t: TestApp, c: CompanyFixture) =>
  t.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.companyId, c.companyId), eq(bookings.source, 'Viator')))
    .orderBy(bookings.bookingId);

const eventKinds = async (t: TestApp, c: CompanyFixture) =>
  (await t.db.select().from(events).where(eq(events.companyId, c.companyId)).orderBy(events.id)).map((e) => e.kind);

describeEachDb('CSV import of channel bookings', (ctx) => {
  let c: CompanyFixture;
  beforeEach(async () => {
    c = await createCompany(ctx().app, ctx().db);
    // V-2 is booked for 2 adults; V-3 is booked and will be cancelled by the file.
    await addBooking(ctx().db, c.companyId, { date: '2026-12-01', time: '10:00', bookingId: 'V-2', name: 'Bo Lind' });
    await addBooking(ctx().db, c.companyId, { date: '2026-12-01', time: '10:00', bookingId: 'V-3', name: 'Cy Roe' });
  });

  const file = csvOf(
    'V-1;José Núñez;01/12/2026;10:00;Old Town Walk;2;1;Confirmed',
    'V-2;Bo Lind;01/12/2026;10:00;old town walk;3;0;',
    'V-3;Cy Roe;01/12/2026;10:00;Old Town Walk;2;0;Cancelled',
    'V-4;Di Fox;31/02/2026;10:00;Old Town Walk;2;0;',
    'V-5;Ed Ng;01/12/2026;10:00;Night Kayak;2;0;',
    'V-6;Fay Wu;01/12/2026;10:00;Old Town Walk;40;0;',
    'V-1;José Núñez;01/12/2026;10:00;Old Town Walk;2;1;Confirmed',
  );

  it('previews each row: created, updated, cancelled, or rejected with the field and reason, writing nothing', async () => {
    const t = ctx();
    const before = await viatorBookings(t, c);
    const { res, summary } = await sendImport(t.app, c.manager.token, 'preview', file);
    expect(res.statusCode).toBe(200);
    expect(summary.counts).toEqual({ create: 1, update: 1, cancel: 1, unchanged: 0, reject: 4 });
    expect(summary.listed.map((r) => [r.row, r.outcome, r.reason ?? ''])).toEqual([
      [2, 'create', ''],
      [3, 'update', 'Adults: 2 → 3'],
      [4, 'cancel', ''],
      [5, 'reject', 'Date: "31/02/2026" is not a date as dd/MM/yyyy'],
      [6, 'reject', `Tour: "Night Kayak" is not one of this company's tours or their other names (Settings)`],
      [7, 'reject', 'Adults: 40 is more than 25'],
      [8, 'reject', 'The same booking as row 2'],
    ]);
    // Beside the English, the words a screen puts in its reader's language: a message and values, or the changes.
    expect(summary.listed.map((r) => r.reasonMessage ?? r.changes)).toEqual([
      undefined,
      [{ field: 'Adults', from: '2', to: '3' }],
      undefined,
      {
        field: 'date',
        message: '"{value}" is not a date as {format}',
        values: { value: '31/02/2026', format: 'dd/MM/yyyy' },
      },
      {
        field: 'tour',
        message: `"{value}" is not one of this company's tours or their other names (Settings)`,
        values: { value: 'Night Kayak' },
      },
      { field: 'adults', message: '{value} is more than {max}', values: { value: '40', max: 25 } },
      { message: 'The same booking as row {row}', values: { row: '2' } },
    ]);
    expect(await viatorBookings(t, c)).toEqual(before);
    expect(await eventKinds(t, c)).toEqual([]);
  });

  it('applies the good rows with one event per booking and one for the import; the same file again changes nothing', async () => {
    const t = ctx();
    const { summary } = await sendImport(t.app, c.manager.token, 'apply', file);
    expect(summary.counts).toMatchObject({ create: 1, update: 1, cancel: 1, reject: 4 });
    const rows = await viatorBookings(t, c);
    expect(rows.map((b) => [b.bookingId, b.name, b.adults, b.children, b.tour, b.cancelled])).toEqual([
      ['V-1', 'José Núñez', 2, 1, 'Old Town Walk', false],
      ['V-2', 'Bo Lind', 3, 0, 'Old Town Walk', false],
      ['V-3', 'Cy Roe', 2, 0, 'Old Town Walk', true],
    ]);
    expect((await eventKinds(t, c)).sort()).toEqual([
      'booking.added',
      'booking.cancelled',
      'booking.edited',
      'bookings.imported',
    ]);
    const recent = await t.app.inject({ method: 'GET', url: '/api/imports', headers: bearer(c.manager.token) });
    expect(recent.json()).toEqual([
      expect.objectContaining({
        fileName: 'viator-2026-11.csv',
        by: c.managerName,
        created: 1,
        updated: 1,
        rejected: 4,
      }),
    ]);

    const again = await sendImport(t.app, c.manager.token, 'apply', file);
    expect(again.summary.counts).toMatchObject({ create: 0, update: 0, cancel: 0, unchanged: 3 });
    expect(await viatorBookings(t, c)).toEqual(rows);
    expect(await eventKinds(t, c)).toHaveLength(4);
  });

  it('never loses check-ins: fewer guests than checked in is rejected, and a check-in survives an update', async () => {
    const t = ctx();
    await t.db.update(bookings).set({ attendedAdults: 2 }).where(eq(bookings.bookingId, 'V-2'));
    const fewer = await sendImport(
      t.app,
      c.manager.token,
      'apply',
      csvOf('V-2;Bo Lind;01/12/2026;10:00;Old Town Walk;1;0;'),
    );
    expect(fewer.summary.listed[0]).toMatchObject({
      outcome: 'reject',
      reason: 'Adults: 2 already checked in; the booking cannot have fewer',
      reasonMessage: {
        field: 'adults',
        message: '{checkedIn} already checked in; the booking cannot have fewer',
        values: { checkedIn: 2 },
      },
    });
    const renamed = await sendImport(
      t.app,
      c.manager.token,
      'apply',
      csvOf('V-2;Bo Lindqvist;01/12/2026;10:00;Old Town Walk;2;0;'),
    );
    expect(renamed.summary.counts.update).toBe(1);
    const [row] = (await viatorBookings(t, c)).filter((b) => b.bookingId === 'V-2');
    expect(row).toMatchObject({ name: 'Bo Lindqvist', adults: 2, attendedAdults: 2 });
  });

  it("reads a tour by one of its other names, and lists the file's names no tour has, most rows first", async () => {
    const t = ctx();
    const walk = `/api/company/${c.companyId}/tours/${c.tourIds['Old Town Walk']}`;
    const named = await t.app.inject({
      method: 'PATCH',
      url: walk,
      headers: bearer(c.manager.token),
      payload: { aliases: ['Madrid: Old Town on Foot'] },
    });
    expect(named.statusCode).toBe(200);
    const { summary } = await sendImport(
      t.app,
      c.manager.token,
      'apply',
      csvOf(
        'V-11;Ana;01/12/2026;10:00;MADRID: old town on foot;2;0;',
        'V-12;Ben;01/12/2026;10:00;Tapas Night;2;0;',
        'V-13;Cai;01/12/2026;10:00;Flamenco Show;2;0;',
        'V-14;Dee;01/12/2026;10:00;tapas night;2;0;',
      ),
    );
    expect(summary.counts).toMatchObject({ create: 1, reject: 3 });
    expect(summary.unknownTours).toEqual([
      { name: 'Tapas Night', rows: 2 },
      { name: 'Flamenco Show', rows: 1 },
    ]);
    const [created] = (await viatorBookings(t, c)).filter((b) => b.bookingId === 'V-11');
    expect(created?.tour).toBe('Old Town Walk');
  });

  it('remembers the mapping for the kind of file (its header) and source once previewed, the latest first', async () => {
    const t = ctx();
    const mappings = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/imports/mappings', headers: bearer(c.manager.token) })).json();
    await sendImport(t.app, c.manager.token, 'preview', csvOf('V-9;Gus Ek;01/12/2026;10:00;Old Town Walk;2;0;'));
    const header = CHANNEL_HEADER.split(';');
    const columns = Object.entries(CHANNEL_COLUMNS).map(([field, column]) => [field, header[Number(column)]]);
    const viator = {
      source: 'Viator',
      header,
      dateFormat: 'dd/MM/yyyy',
      delimiter: 'semicolon',
      columns: Object.fromEntries(columns),
    };
    expect(await mappings()).toEqual([viator]);
    // Another kind of file from the same source is kept beside it, and listed first.
    const twoColumns = `Ref;Guest;When;Tour;Pax\r\nW-1;Ida;01/12/2026 10:00;Old Town Walk;2\r\n`;
    const query = channelQuery({ reference: '0', name: '1', date: '2', time: '2', tour: '3', adults: '4' });
    delete (query as Record<string, string>).children;
    delete (query as Record<string, string>).cancelled;
    expect((await sendImport(t.app, c.manager.token, 'preview', twoColumns, query)).summary.counts.create).toBe(1);
    const [latest, earlier] = await mappings();
    expect(latest).toMatchObject({ source: 'Viator', header: ['Ref', 'Guest', 'When', 'Tour', 'Pax'] });
    expect(earlier).toEqual(viator);
    // The same file again replaces its own mapping.
    await sendImport(t.app, c.manager.token, 'apply', csvOf('V-9;Gus Ek;01/12/2026;10:00;Old Town Walk;2;0;'));
    expect(await mappings()).toEqual([viator, latest]);
  });

  it('reads UTF-16 with a tab delimiter, and a date and time in one column', async () => {
    const t = ctx();
    const text = '\uFEFFRef\tName\tWhen\tTour\tPax\nU-1\tZoë Ångström\t2026-12-02 14:30\tOld Town Walk\t4\n';
    const query = {
      ...channelQuery({ encoding: 'utf-16le', delimiter: 'tab', dateFormat: 'yyyy-MM-dd' }),
      ...{ reference: '0', name: '1', date: '2', time: '2', tour: '3', adults: '4' },
    };
    delete (query as Record<string, string>).children;
    delete (query as Record<string, string>).cancelled;
    const { summary } = await sendImport(t.app, c.manager.token, 'apply', Buffer.from(text, 'utf16le'), query);
    expect(summary.counts.create).toBe(1);
    const [row] = (await viatorBookings(t, c)).filter((b) => b.bookingId === 'U-1');
    expect(row).toMatchObject({ name: 'Zoë Ångström', date: '2026-12-02', time: '14:30', adults: 4 });
  });

  it('streams a 2,000-row file in batches with progress, and a bad row never stops the good ones', async () => {
    const t = ctx();
    const rows = Array.from({ length: 2000 }, (_, i) =>
      i === 1234
        ? `B-${i};Bad Row;99/99/2026;10:00;Old Town Walk;2;0;`
        : `B-${i};Guest ${i};03/12/2026;11:00;Old Town Walk;2;0;`,
    );
    const { lines, summary } = await sendImport(t.app, c.manager.token, 'apply', csvOf(...rows));
    const progress = lines.filter((l) => l.type === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(4);
    const bytes = progress.map((l) => (l.type === 'progress' ? l.bytes : 0));
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    expect(summary).toMatchObject({ rows: 2000, counts: { create: 1999, reject: 1 } });
    expect(summary.listed.find((r) => r.outcome === 'reject')).toMatchObject({ row: 1236, reference: 'B-1234' });
    const [counted] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.companyId, c.companyId), sql`${bookings.bookingId} like 'B-%'`));
    expect(counted?.count).toBe(1999);
  });

  it('writes no booking of a batch whose events the log refuses, and says the import stopped', async () => {
    const t = ctx();
    await t.db.execute(sql`create or replace function refuse_import_event() returns trigger language plpgsql
      as $$ begin raise exception 'the event log refused the write'; end $$`);
    await t.db.execute(sql`create trigger refuse_import_event before insert on events
      for each row execute function refuse_import_event()`);
    try {
      const before = await viatorBookings(t, c);
      const { lines } = await sendImport(t.app, c.manager.token, 'apply', file);
      expect(lines.at(-1)).toEqual({ type: 'error', error: 'The import stopped: an error on the server' });
      expect(await viatorBookings(t, c)).toEqual(before);
    } finally {
      await t.db.execute(sql`drop trigger refuse_import_event on events`);
    }
  });

  it('rejects a row with a NUL in a cell, naming the field, and refuses a file name with one before any row', async () => {
    const t = ctx();
    const nul = csvOf(
      'V-21;Ana\u0000García;01/12/2026;10:00;Old Town Walk;2;0;',
      'V-22;Ben Ode;01/12/2026;10:00;Old Town Walk;2;0;',
    );
    const outcomes = (summary: ImportSummary) => summary.listed.map((r) => [r.row, r.outcome, r.reason ?? '']);
    const expected = [
      [2, 'reject', 'Name: text cannot contain NUL characters'],
      [3, 'create', ''],
    ];
    expect(outcomes((await sendImport(t.app, c.manager.token, 'preview', nul)).summary)).toEqual(expected);
    const applied = await sendImport(t.app, c.manager.token, 'apply', nul);
    expect(applied.lines.at(-1)).toMatchObject({ type: 'done' });
    expect(outcomes(applied.summary)).toEqual(expected);

    const named = await sendImport(
      t.app,
      c.manager.token,
      'apply',
      csvOf('V-23;Cy Ode;01/12/2026;10:00;Old Town Walk;2;0;'),
      channelQuery({ fileName: 'viator\u0000.csv' }),
    );
    expect(named.res.statusCode).toBe(400);
    expect(named.res.json()).toMatchObject({ code: 'VALIDATION', error: 'File name cannot contain NUL characters' });
    expect((await viatorBookings(t, c)).map((b) => b.bookingId)).toEqual(['V-2', 'V-22', 'V-3']);
    const recent = await t.app.inject({ method: 'GET', url: '/api/imports', headers: bearer(c.manager.token) });
    expect(recent.json()).toEqual([
      expect.objectContaining({ fileName: 'viator-2026-11.csv', created: 1, rejected: 1 }),
    ]);
  });

  it('inspects the start of a file: a BOM and semicolons, UTF-16 with tabs, Windows-1252', async () => {
    const t = ctx();
    const inspect = (body: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/imports/inspect',
        headers: { ...bearer(c.manager.token), 'content-type': 'text/csv' },
        payload: body,
      });
    const bom = await inspect(Buffer.from(`\uFEFF${file}`, 'utf8'));
    expect(bom.json()).toMatchObject({
      encoding: 'utf-8',
      delimiter: 'semicolon',
      columns: ['Booking Ref', 'Lead Traveller', 'Travel Date', 'Start', 'Product', 'Adults', 'Children', 'Status'],
    });
    expect(bom.json().sample).toHaveLength(5);
    expect(bom.json().sample[0][1]).toBe('José Núñez');
    const utf16 = await inspect(Buffer.from('\uFEFFRef\tName\nU-1\tZoë\n', 'utf16le'));
    expect(utf16.json()).toEqual({
      encoding: 'utf-16le',
      delimiter: 'tab',
      columns: ['Ref', 'Name'],
      sample: [['U-1', 'Zoë']],
    });
    const latin = await inspect(Buffer.from('Ref,Name\nL-1,Jos\xe9\n', 'latin1'));
    expect(latin.json()).toMatchObject({ encoding: 'windows-1252', delimiter: 'comma', sample: [['L-1', 'José']] });
  });

  it('refuses a Guide, a JSON body, a column the file lacks and a source the company lacks', async () => {
    const t = ctx();
    expect((await sendImport(t.app, c.guide.token, 'apply', file)).res.statusCode).toBe(403);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/imports/apply',
      query: channelQuery(),
      headers: bearer(c.manager.token),
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(415);
    const missing = await sendImport(t.app, c.manager.token, 'apply', file, channelQuery({ phone: '12' }));
    expect(missing.res.json()).toMatchObject({ error: 'phone: the file has 8 columns; there is no column 13' });
    const source = await sendImport(t.app, c.manager.token, 'apply', file, channelQuery({ fixedSource: 'Airbnb' }));
    expect(source.res.statusCode).toBe(400);
    expect(await eventKinds(t, c)).toEqual([]);
  });
});
