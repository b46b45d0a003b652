import { and, eq } from 'drizzle-orm';
import { bookings, events } from '../../server/db/schema';
import { addBooking, createCompany, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';
import { bookingRow, cancelChannelBooking, putChannelBooking } from './channelRequests';
import { channelQuery, csvOf, sendImport } from './importRequests';

// Check-ins and desk bookings hold against the two doors channels write through: the channel API and CSV imports.

const DAY = '2036-07-01';
const FILE_DAY = '01/07/2036';
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Viator',
  date: DAY,
  time: '10:00',
  tour: 'Old Town Walk',
  adults: 2,
  children: 1,
  ...overrides,
});

const put = (t: TestApp, c: CompanyFixture, ref: string, payload: object) =>
  putChannelBooking(t, c.apiKey, 'Viator', ref, payload);
const cancel = (t: TestApp, c: CompanyFixture, ref: string) => cancelChannelBooking(t, c.apiKey, 'Viator', ref);
const refusedList = (t: TestApp, token: string) =>
  t.app.inject({ url: '/api/imports/refused-changes', headers: bearer(token) });

describeEachDb('desk bookings and check-ins against channels and imports', (ctx) => {
  let c: CompanyFixture;
  beforeEach(async () => {
    c = await createCompany(ctx().app, ctx().db);
  });

  it('refuses "Manually added" as a channel reference (400 naming it), and never takes a desk booking for a channel\'s', async () => {
    const t = ctx();
    const desk = await addBooking(t.db, c.companyId, {
      date: DAY,
      time: '10:00',
      source: 'Viator',
      manual: true,
      bookingId: 'Manually added',
      attendedAdults: 2,
    });
    for (const res of [await cancel(t, c, 'Manually added'), await put(t, c, 'manually added', body())]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        error: expect.stringMatching(/^externalId: "Manually added" marks a booking made in Tourdesk/),
      });
    }
    // A desk booking that carries a channel's number is still the desk's.
    const carried = await addBooking(t.db, c.companyId, {
      date: DAY,
      time: '10:00',
      source: 'Viator',
      manual: true,
      bookingId: 'V-DESK',
    });
    expect((await cancel(t, c, 'V-DESK')).statusCode).toBe(404);
    const made = await put(t, c, 'V-DESK', body({ date: '2036-08-01' }));
    expect([made.statusCode, made.json().manual]).toEqual([201, false]);
    expect(await bookingRow(t, carried.id)).toMatchObject({ date: DAY, cancelled: false, version: 1 });
    expect(await bookingRow(t, desk.id)).toMatchObject({ cancelled: false, version: 1 });

    const file = csvOf(
      `Manually added;Ana Viator;${FILE_DAY};10:00;Old Town Walk;2;0;Cancelled`,
      `V-DESK;Ana Viator;${FILE_DAY};10:00;Old Town Walk;3;0;`,
    );
    const { summary } = await sendImport(t.app, c.manager.token, 'apply', file);
    expect(summary.listed.map((r) => [r.row, r.outcome, r.reason ?? ''])).toEqual([
      [2, 'reject', 'Booking ID: "Manually added" marks a booking made in Tourdesk; it is no channel\'s reference'],
      // The channel booking the API made, not the desk's.
      [3, 'update', 'Adults: 2 → 3; Children: 1 → 0; Date: 2036-08-01 → 2036-07-01'],
    ]);
    expect(await bookingRow(t, carried.id)).toMatchObject({ adults: 2, version: 1 });
    expect(await bookingRow(t, desk.id)).toMatchObject({ cancelled: false, version: 1 });
  });

  it('refuses to cancel or move a booking with guests checked in (409), and lists each refusal for Managers', async () => {
    const t = ctx();
    const id = (await put(t, c, 'V-IN', body())).json()._id as string;
    await t.db.update(bookings).set({ attendedAdults: 2, attendedChildren: 1 }).where(eq(bookings.id, id));
    const deleted = await cancel(t, c, 'V-IN');
    expect([deleted.statusCode, deleted.json()]).toEqual([
      409,
      {
        error: 'cancelled: 3 guests are checked in; a booking with check-ins is not cancelled',
        code: 'CANCEL_CHECKED_IN',
      },
    ]);
    const cancelled = await put(t, c, 'V-IN', body({ cancelled: true }));
    expect([cancelled.statusCode, cancelled.json().code]).toEqual([409, 'CANCEL_CHECKED_IN']);
    const moved = await put(t, c, 'V-IN', body({ date: '2037-01-15' }));
    expect([moved.statusCode, moved.json()]).toEqual([
      409,
      {
        error: 'date: 3 guests are checked in; a booking with check-ins keeps its date, time and tour',
        code: 'MOVE_CHECKED_IN',
      },
    ]);
    const later = await put(t, c, 'V-IN', body({ time: '11:00' }));
    expect(later.json()).toMatchObject({ code: 'MOVE_CHECKED_IN', error: expect.stringMatching(/^time: /) });
    expect(await bookingRow(t, id)).toMatchObject({ date: DAY, time: '10:00', cancelled: false, version: 1 });

    expect((await refusedList(t, c.guide.token)).statusCode).toBe(403);
    const list = await refusedList(t, c.manager.token);
    expect(list.statusCode).toBe(200);
    const booking = { _id: id, bookingId: 'V-IN', name: 'Ana Viator', source: 'Viator', date: DAY, time: '10:00' };
    expect(list.json()).toEqual([
      expect.objectContaining({
        by: 'API key Viator',
        fileName: null,
        booking: { ...booking, tour: 'Old Town Walk' },
        checkedIn: 3,
        code: 'MOVE_CHECKED_IN',
        wanted: [{ field: 'Time', from: '10:00', to: '11:00' }],
      }),
      expect.objectContaining({ code: 'MOVE_CHECKED_IN', wanted: [{ field: 'Date', from: DAY, to: '2037-01-15' }] }),
      expect.objectContaining({ code: 'CANCEL_CHECKED_IN', wanted: [{ field: 'Cancelled' }] }),
      expect.objectContaining({ code: 'CANCEL_CHECKED_IN', wanted: [{ field: 'Cancelled' }], checkedIn: 3 }),
    ]);
    // In the booking's history too, as a refusal: nothing of the booking changed.
    const logged = await t.db
      .select()
      .from(events)
      .where(and(eq(events.companyId, c.companyId), eq(events.kind, 'booking.changeRefused')));
    expect(logged.map((e) => e.bookingIds)).toEqual([[id], [id], [id], [id]]);
  });

  it("rejects an import's rows that would cancel or move a booking with check-ins, naming why; they are listed, a preview records nothing", async () => {
    const t = ctx();
    const checkedIn = { date: DAY, time: '10:00', source: 'Viator', adults: 2, attendedAdults: 1 };
    const gone = await addBooking(t.db, c.companyId, { ...checkedIn, bookingId: 'V-1', name: 'Bo Lind' });
    const moved = await addBooking(t.db, c.companyId, { ...checkedIn, bookingId: 'V-2', name: 'Cy Roe' });
    const file = csvOf(
      `V-1;Bo Lind;${FILE_DAY};10:00;Old Town Walk;2;0;Cancelled`,
      `V-2;Cy Roe;15/01/2037;10:00;Old Town Walk;2;0;`,
      `V-3;Di Fox;${FILE_DAY};10:00;Old Town Walk;2;0;`,
    );
    const reasons = [
      [2, 'reject', 'Cancelled: 1 guest is checked in; a booking with check-ins is not cancelled'],
      [3, 'reject', 'Date: 1 guest is checked in; a booking with check-ins keeps its date, time and tour'],
      [4, 'create', ''],
    ];
    const preview = await sendImport(t.app, c.manager.token, 'preview', file);
    expect(preview.summary.listed.map((r) => [r.row, r.outcome, r.reason ?? ''])).toEqual(reasons);
    expect((await refusedList(t, c.manager.token)).json()).toEqual([]);
    const applied = await sendImport(t.app, c.manager.token, 'apply', file);
    expect(applied.summary.listed.map((r) => [r.row, r.outcome, r.reason ?? ''])).toEqual(reasons);
    expect(await bookingRow(t, gone.id)).toMatchObject({ cancelled: false, version: 1 });
    expect(await bookingRow(t, moved.id)).toMatchObject({ date: DAY, version: 1 });
    const list = (await refusedList(t, c.manager.token)).json() as Array<Record<string, unknown>>;
    expect(list.map((r) => [r.code, r.by, r.fileName, (r.booking as { bookingId: string }).bookingId])).toEqual([
      ['MOVE_CHECKED_IN', c.managerName, 'viator-2026-11.csv', 'V-2'],
      ['CANCEL_CHECKED_IN', c.managerName, 'viator-2026-11.csv', 'V-1'],
    ]);
  });

  it('lets an import be undone although a later change to its booking was refused (it changed nothing)', async () => {
    const t = ctx();
    const booking = await addBooking(t.db, c.companyId, {
      date: DAY,
      time: '10:00',
      source: 'Viator',
      bookingId: 'V-U',
      name: 'Bo Lind',
      adults: 2,
      attendedAdults: 2,
    });
    const renamed = await sendImport(
      t.app,
      c.manager.token,
      'apply',
      csvOf(`V-U;Bo Lindqvist;${FILE_DAY};10:00;Old Town Walk;2;0;`),
    );
    expect(renamed.summary.counts).toMatchObject({ update: 1 });
    const refused = await sendImport(
      t.app,
      c.manager.token,
      'apply',
      csvOf(`V-U;Bo Lindqvist;${FILE_DAY};10:00;Old Town Walk;2;0;Cancelled`),
      channelQuery({ fileName: 'viator-cancellations.csv' }),
    );
    expect(refused.summary.counts).toMatchObject({ reject: 1 });
    const recent = await t.app.inject({ url: '/api/imports', headers: bearer(c.manager.token) });
    const first = (recent.json() as Array<{ _id: string; fileName: string }>).find(
      (i) => i.fileName === 'viator-2026-11.csv',
    );
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/imports/${first?._id}/undo`,
      headers: bearer(c.manager.token),
    });
    expect(undo.statusCode).toBe(200);
    expect(await bookingRow(t, booking.id)).toMatchObject({ name: 'Bo Lind', cancelled: false });
  });
});
