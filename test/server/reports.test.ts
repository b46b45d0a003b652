import { countsFromList } from '../../src/domain/customerTypes';
import { encodeNameList, hasNoShow, type ReportRow } from '../../src/domain/reports';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { bookings, tours } from '../../server/db/schema';
import { insertTours } from '../../server/modules/companies/companies.repository';
import { reportBatch } from '../../server/modules/reports/reports.repository';
import { addBooking, createCompany, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';

const ALL_SOURCES = encodeNameList(['Walkin', 'Viator', 'Manual']);
/** A CSV record without its last cell, the booking's reference (random). */
const withoutReference = (line: string | undefined) => line?.replace(/,[23456789A-HJ-NP-Z]{8}$/, '');
const ALL_TOURS = encodeNameList(['Old Town Walk', 'Hop-On Harbour Cruise']);

const reportUrl = (field: string, start: string, end: string, sources = ALL_SOURCES, tours = ALL_TOURS, query = '') =>
  `/api/bookings/reports/${field}/${start}/${end}/${encodeURIComponent(sources)}/${encodeURIComponent(tours)}${query}`;

async function seedJune(t: TestApp): Promise<CompanyFixture> {
  const c = await createCompany(t.app, t.db);
  const add = (name: string, extra: Record<string, unknown>) =>
    addBooking(t.db, c.companyId, { date: '2026-06-10', time: '10:00', name, ...extra });
  // Booking instants around a June range in Madrid (UTC+2).
  await add('First instant', { createdAt: new Date('2026-05-31T22:00:00.000Z') });
  await add('Just before', { createdAt: new Date('2026-05-31T21:59:59.999Z') });
  await add('Last evening', { createdAt: new Date('2026-06-30T21:59:00.000Z') }); // 23:59 in Madrid
  await add('Last instant', { createdAt: new Date('2026-06-30T21:59:59.999Z') });
  await add('Just after', { createdAt: new Date('2026-06-30T22:00:00.000Z') });
  await add('Cancelled', { createdAt: new Date('2026-06-15T10:00:00Z'), cancelled: true });
  // Tour dates around the same range, booked in May.
  const may = new Date('2026-05-01T10:00:00Z');
  await addBooking(t.db, c.companyId, { date: '2026-06-01', time: '09:00', name: 'Tour on the 1st', createdAt: may });
  await addBooking(t.db, c.companyId, { date: '2026-06-30', time: '23:59', name: 'Tour at 23:59', createdAt: may });
  await addBooking(t.db, c.companyId, { date: '2026-07-01', time: '00:00', name: 'Tour in July', createdAt: may });
  await addBooking(t.db, c.companyId, {
    date: '2026-06-30',
    time: '12:00',
    name: 'Harbour',
    tour: 'Hop-On Harbour Cruise',
    source: 'Walkin',
    adults: 3,
    children: 2,
    pax: 5,
    attendedAdults: 1,
    createdAt: may,
  });
  return c;
}

const names = (body: { rows: Array<{ name: string }> }) => body.rows.map((r) => r.name).sort();

/** One August day of a fresh company: who came and who did not, per customer type. */
async function seedNoShows(t: TestApp): Promise<CompanyFixture> {
  const c = await createCompany(t.app, t.db);
  const add = (name: string, extra: Record<string, unknown>) =>
    addBooking(t.db, c.companyId, { date: '2026-08-12', time: '10:00', name, ...extra });
  await add('All came', { adults: 2, teens: 1, attendedAdults: 2, attendedTeens: 1 });
  await add('Adult missing', { adults: 3, attendedAdults: 1 });
  await add('Teen missing', { adults: 1, teens: 1, attendedAdults: 1 });
  await add('Child missing', { adults: 0, children: 2, attendedChildren: 1 });
  await add('Not checked in yet', { time: '18:00', adults: 1 });
  await add('Cancelled', { adults: 4, cancelled: true });
  await add('Other source', { adults: 5, source: 'Manual' });
  return c;
}
const AUGUST_SOURCES = encodeNameList(['Walkin', 'Viator']);
const august = (query = '') => reportUrl('date', '2026-08-12', '2026-08-12', AUGUST_SOURCES, ALL_TOURS, query);
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describeEachDb('reports and fees', (ctx) => {
  it('reservationDate (createdAt) counts from the first instant to 23:59:59.999 of the last day, in the company zone', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const res = await t.app.inject({
      url: reportUrl('createdAt', '2026-06-01', '2026-06-30'),
      headers: bearer(c.manager.token),
    });
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Cancelled', 'First instant', 'Last evening', 'Last instant']);
    expect(res.json().total).toBe(4);
  });

  it('lists cancelled bookings in the reservation report, marked and counted, page and CSV alike, and never as no-shows', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const headers = bearer(c.manager.token);
    const reservations = await t.app.inject({ url: reportUrl('createdAt', '2026-06-15', '2026-06-15'), headers });
    expect(reservations.json()).toMatchObject({ total: 1, rows: [{ name: 'Cancelled', cancelled: true }] });
    const csv = await t.app.inject({
      url: reportUrl('createdAt', '2026-06-01', '2026-06-30', ALL_SOURCES, ALL_TOURS, '?format=csv'),
      headers,
    });
    expect(csvLines(csv.body).map(withoutReference)).toContain(
      '15/6/2026 12:00,GYG123456789,Viator,Cancelled,Old Town Walk,10/6/2026,2,Yes',
    );
    // Only the sources and tours asked for, cancelled or not.
    const otherTour = reportUrl(
      'createdAt',
      '2026-06-15',
      '2026-06-15',
      ALL_SOURCES,
      encodeNameList(['Hop-On Harbour Cruise']),
    );
    expect((await t.app.inject({ url: otherTour, headers })).json()).toMatchObject({ total: 0, rows: [] });
    const noShows = await t.app.inject({ url: reportUrl('date', '2026-06-10', '2026-06-10'), headers });
    expect(names(noShows.json())).not.toContain('Cancelled');
  });

  it('checkinStatus (date) takes tour dates within the range, the last day’s 23:59 tour included', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const res = await t.app.inject({
      url: reportUrl('date', '2026-06-30', '2026-06-30'),
      headers: bearer(c.manager.token),
    });
    expect(names(res.json())).toEqual(['Harbour', 'Tour at 23:59']);
    const harbour = res.json().rows.find((r: { name: string }) => r.name === 'Harbour');
    expect(harbour).toMatchObject({
      customers: [{ Adults: 3 }, { Children: 2 }],
      attendees: [{ Adults: 1 }, { Children: 0 }],
      source: 'Walkin',
      tour: 'Hop-On Harbour Cruise',
    });
  });

  it('filters by sources and tours whose names hold dashes and spaces', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const url = reportUrl(
      'date',
      '2026-06-01',
      '2026-07-31',
      encodeNameList(['Walkin']),
      encodeNameList(['Hop-On Harbour Cruise']),
    );
    const res = await t.app.inject({ url, headers: bearer(c.manager.token) });
    expect(names(res.json())).toEqual(['Harbour']);
    const oldTown = reportUrl('date', '2026-06-01', '2026-07-31', ALL_SOURCES, encodeNameList(['Old Town Walk']));
    expect(names((await t.app.inject({ url: oldTown, headers: bearer(c.manager.token) })).json())).not.toContain(
      'Harbour',
    );
  });

  it('reads a tour whose dash a client did not escape, as the spec joins names ("Hop-On Harbour Cruise")', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const raw = (tours: string) => reportUrl('date', '2026-06-01', '2026-07-31', 'Walkin', tours);
    for (const tours of ['Hop-On Harbour Cruise', 'Old Town Walk-Hop-On Harbour Cruise', 'hop-on harbour cruise']) {
      const res = await t.app.inject({ url: raw(tours), headers: bearer(c.manager.token) });
      expect([tours, res.statusCode]).toEqual([tours, 200]);
      expect(names(res.json())).toContain('Harbour');
    }
  });

  it('answers 400 naming a source or tour the company does not have, CSV download included', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const get = (sources: string, tours: string, query = '') =>
      t.app.inject({
        url: reportUrl('date', '2026-06-01', '2026-07-31', sources, tours, query),
        headers: bearer(c.manager.token),
      });
    const tour = await get(ALL_SOURCES, 'Old Town Walk-Sunset Sail');
    expect(tour.statusCode).toBe(400);
    expect(tour.json()).toEqual({
      error: `tours: "Sunset Sail" is not one of this company's tours`,
      code: 'UNKNOWN_TOUR',
    });
    const source = await get('Walkin-Airbnb-Klook', ALL_TOURS, '?format=csv');
    expect(source.statusCode).toBe(400);
    expect(source.json()).toEqual({
      error: `sources: "Airbnb", "Klook" are not among this company's sources`,
      code: 'UNKNOWN_SOURCE',
    });
  });

  it('keeps an archived tour reportable: its bookings stay', async () => {
    const t = ctx();
    const c = await seedJune(t);
    await t.db.update(tours).set({ archivedAt: new Date() }).where(eq(tours.id, c.tourIds['Hop-On Harbour Cruise']));
    const res = await t.app.inject({
      url: reportUrl('date', '2026-06-30', '2026-06-30', ALL_SOURCES, 'Hop-On Harbour Cruise'),
      headers: bearer(c.manager.token),
    });
    expect(names(res.json())).toEqual(['Harbour']);
  });

  it('refuses a raw list that two sets of the company’s tours could make, and reads it escaped', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const labels = ['Tapas', 'Tapas-Night', 'Night-Market', 'Market'];
    await insertTours(
      t.db,
      labels.map((label, i) => ({ companyId: c.companyId, id: uuidv7(), key: `extra-${i}`, label, position: 10 + i })),
    );
    const get = (list: string) =>
      t.app.inject({
        url: reportUrl('date', '2026-06-01', '2026-07-31', ALL_SOURCES, list),
        headers: bearer(c.manager.token),
      });
    const raw = await get('Tapas-Night-Market');
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toEqual({
      error: 'tours: reads as "Tapas", "Night-Market" or as "Tapas-Night", "Market"; write a "-" inside a name as "~d"',
      code: 'AMBIGUOUS_NAMES',
    });
    expect((await get(encodeNameList(['Tapas-Night', 'Market']))).statusCode).toBe(200);
  });

  it('pages results and keeps one order across pages', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const all = await t.app.inject({
      url: reportUrl('date', '2026-06-01', '2026-07-31'),
      headers: bearer(c.manager.token),
    });
    const first = await t.app.inject({
      url: reportUrl('date', '2026-06-01', '2026-07-31', ALL_SOURCES, ALL_TOURS, '?page=0&pageSize=4'),
      headers: bearer(c.manager.token),
    });
    const second = await t.app.inject({
      url: reportUrl('date', '2026-06-01', '2026-07-31', ALL_SOURCES, ALL_TOURS, '?page=1&pageSize=4'),
      headers: bearer(c.manager.token),
    });
    expect(first.json()).toMatchObject({ total: all.json().total, page: 0, pageSize: 4 });
    const paged = [...first.json().rows, ...second.json().rows].map((r: { _id: string }) => r._id);
    expect(paged).toEqual(
      all
        .json()
        .rows.slice(0, 8)
        .map((r: { _id: string }) => r._id),
    );
    const huge = await t.app.inject({
      url: reportUrl('date', '2026-06-01', '2026-07-31', ALL_SOURCES, ALL_TOURS, '?pageSize=5000'),
      headers: bearer(c.manager.token),
    });
    expect(huge.statusCode).toBe(400);
    const total = all.json().total as number;
    const lastPage = Math.ceil(total / 4) - 1;
    for (const [page, option] of [
      [lastPage + 1, ''],
      [1_000_000, ''],
      [1_000_000, '&onlyNoShows=true'],
    ] as const) {
      const past = await t.app.inject({
        url: reportUrl('date', '2026-06-01', '2026-07-31', ALL_SOURCES, ALL_TOURS, `?page=${page}&pageSize=4${option}`),
        headers: bearer(c.manager.token),
      });
      expect(past.statusCode).toBe(400);
      expect(past.json().code).toBe('VALIDATION');
      expect(past.json().error).toMatch(/^page: the report has \d+ pages? of 4$/);
    }
    expect(lastPage).toBeGreaterThan(0);
    const last = await t.app.inject({
      url: reportUrl('date', '2026-06-01', '2026-07-31', ALL_SOURCES, ALL_TOURS, `?page=${lastPage}&pageSize=4`),
      headers: bearer(c.manager.token),
    });
    expect(last.json().rows.length).toBe(total - lastPage * 4);
    const empty = await t.app.inject({
      url: reportUrl('date', '2030-01-01', '2030-01-02', ALL_SOURCES, ALL_TOURS, '?page=0&pageSize=4'),
      headers: bearer(c.manager.token),
    });
    expect(empty.json()).toMatchObject({ rows: [], total: 0 });
  });

  it('never includes another company’s bookings, and refuses Guides', async () => {
    const t = ctx();
    await seedJune(t);
    const other = await createCompany(t.app, t.db);
    const res = await t.app.inject({
      url: reportUrl('date', '2026-01-01', '2026-12-31'),
      headers: bearer(other.manager.token),
    });
    expect(res.json()).toMatchObject({ rows: [], total: 0 });
    const guide = await t.app.inject({
      url: reportUrl('date', '2026-01-01', '2026-12-31'),
      headers: bearer(other.guide.token),
    });
    expect(guide.statusCode).toBe(403);
    const fees = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/fees',
      headers: bearer(other.guide.token),
      payload: { day: '2026-06-30' },
    });
    expect(fees.statusCode).toBe(403);
  });

  it('refuses absurd ranges and malformed name lists with 400', async () => {
    const t = ctx();
    const c = await seedJune(t);
    for (const url of [
      reportUrl('date', '2026-06-30', '2026-06-01'),
      reportUrl('date', '2000-01-01', '2026-12-31'),
      reportUrl('date', '2026-02-30x', '2026-03-01'),
      reportUrl('updatedAt', '2026-06-01', '2026-06-30'),
      reportUrl('date', '2026-06-01', '2026-06-30', 'Walkin~x'),
    ]) {
      expect((await t.app.inject({ url, headers: bearer(c.manager.token) })).statusCode).toBe(400);
    }
  });

  it('streams the full result as CSV: BOM, header, quoting and defused formulas', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const evilName = '=HYPERLINK("http://evil.test","Ana, the boss")';
    await addBooking(t.db, c.companyId, {
      date: '2026-06-20',
      time: '10:00',
      name: evilName,
      bookingId: '+34',
      createdAt: new Date('2026-06-01T10:00:00Z'),
    });
    const res = await t.app.inject({
      url: reportUrl('date', '2026-06-01', '2026-06-30', ALL_SOURCES, ALL_TOURS, '?format=csv'),
      headers: bearer(c.manager.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="data.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('ID,Source,Name,Tour,Time,No Show Adults,No Show Teens,No Show Children,Tour Date,Reference');
    expect(lines).toHaveLength(1 + 9);
    const evil = lines.find((l) => l.includes('HYPERLINK'));
    // The formula is defused with a leading quote; the cell is quoted and its quotes doubled (RFC 4180).
    expect(withoutReference(evil)).toBe(
      `'+34,Viator,"'${evilName.replace(/"/g, '""')}",Old Town Walk,10:00,2,0,0,20/6/2026`,
    );
    const harbour = lines.find((l) => l.includes('Harbour,'));
    expect(harbour).toContain('Walkin,Harbour,Hop-On Harbour Cruise,12:00,2,0,2,30/6/2026');
  });

  it('writes the reservation CSV with its own columns', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const res = await t.app.inject({
      url: reportUrl('createdAt', '2026-06-01', '2026-06-30', ALL_SOURCES, ALL_TOURS, '?format=csv'),
      headers: bearer(c.manager.token),
    });
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Booked on,ID,Source,Name,Tour,Tour Date,Pax,Cancelled,Reference');
    expect(lines.map(withoutReference)).toContain(
      '1/6/2026 00:00,GYG123456789,Viator,First instant,Old Town Walk,10/6/2026,2,No',
    );
  });

  it('heads the CSV in the language asked for, English by default, and refuses a language it does not speak', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const head = async (query: string) => {
      const url = reportUrl('createdAt', '2026-06-01', '2026-06-30', ALL_SOURCES, ALL_TOURS, query);
      const res = await t.app.inject({ url, headers: bearer(c.manager.token) });
      return {
        status: res.statusCode,
        lines: res.body
          .replace(/^\uFEFF/, '')
          .trimEnd()
          .split('\r\n'),
      };
    };
    const spanish = await head('?format=csv&headerLanguage=es');
    expect(spanish.lines[0]).toBe('Reservada el,ID,Origen,Nombre,Tour,Fecha del tour,Pax,Cancelada,Referencia');
    // Only the header row: the rows stay data, as an English CSV has them.
    expect(spanish.lines.map(withoutReference)).toContain(
      '1/6/2026 00:00,GYG123456789,Viator,First instant,Old Town Walk,10/6/2026,2,No',
    );
    expect((await head('?format=csv&headerLanguage=en')).lines[0]).toBe(
      'Booked on,ID,Source,Name,Tour,Tour Date,Pax,Cancelled,Reference',
    );
    const refused = await head('?format=csv&headerLanguage=fr');
    expect(refused.status).toBe(400);
    expect(refused.lines[0]).toContain('headerLanguage');
  });

  it('lists only the bookings with a no-show when asked: rows, total, pages and CSV alike', async () => {
    const t = ctx();
    const c = await seedNoShows(t);
    const headers = bearer(c.manager.token);
    const all = await t.app.inject({ url: august(), headers });
    const only = await t.app.inject({ url: august('?onlyNoShows=true'), headers });
    expect(only.statusCode).toBe(200);
    expect(names(all.json())).toEqual([
      'Adult missing',
      'All came',
      'Child missing',
      'Not checked in yet',
      'Teen missing',
    ]);
    expect(all.json().total).toBe(5);
    expect(names(only.json())).toEqual(['Adult missing', 'Child missing', 'Not checked in yet', 'Teen missing']);
    expect(only.json().total).toBe(4);
    // The server's SQL and the domain's rule pick the same bookings.
    const byRule = all
      .json<{ rows: ReportRow[] }>()
      .rows.filter((r) => hasNoShow(countsFromList(r.customers), countsFromList(r.attendees)));
    expect(only.json().rows.map((r: ReportRow) => r._id)).toEqual(byRule.map((r) => r._id));
    expect((await t.app.inject({ url: august('?onlyNoShows=false'), headers })).json().total).toBe(5);

    const second = await t.app.inject({ url: august('?onlyNoShows=true&page=1&pageSize=3'), headers });
    expect(second.json()).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(second.json().rows).toHaveLength(1);

    const csv = await t.app.inject({ url: august('?format=csv&type=checkinStatus&onlyNoShows=true'), headers });
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv.body);
    expect(lines).toHaveLength(1 + 4);
    expect(withoutReference(lines.find((l) => l.includes('Teen missing')))).toBe(
      'GYG123456789,Viator,Teen missing,Old Town Walk,10:00,0,1,0,12/8/2026',
    );
    expect(lines.some((l) => l.includes('All came'))).toBe(false);
    expect(csvLines((await t.app.inject({ url: august('?format=csv'), headers })).body)).toHaveLength(1 + 5);
  });

  it('totals the no-shows per customer type over every matching booking, not only the page', async () => {
    const t = ctx();
    const c = await seedNoShows(t);
    const headers = bearer(c.manager.token);
    // 2 adults + 1 adult not checked in; 1 teen; 1 child. Cancelled and unselected sources count nothing.
    const expected = [{ Adults: 3 }, { Teens: 1 }, { Children: 1 }];
    for (const query of ['', '?pageSize=1', '?onlyNoShows=true&page=3&pageSize=1']) {
      const res = await t.app.inject({ url: august(query), headers });
      expect({ query, totals: res.json().noShowTotals }).toEqual({ query, totals: expected });
    }
    const none = await t.app.inject({
      url: reportUrl('date', '2026-08-13', '2026-08-13', AUGUST_SOURCES, ALL_TOURS),
      headers,
    });
    expect(none.json()).toMatchObject({ total: 0, noShowTotals: [{ Adults: 0 }, { Teens: 0 }, { Children: 0 }] });
    // The reservation report has no no-show totals.
    const reservations = await t.app.inject({
      url: reportUrl('createdAt', '2026-01-01', '2026-12-31', AUGUST_SOURCES, ALL_TOURS),
      headers,
    });
    expect(reservations.statusCode).toBe(200);
    expect(reservations.json()).not.toHaveProperty('noShowTotals');
  });

  it('refuses a malformed onlyNoShows, the option off the no-show report and a CSV type of another field', async () => {
    const t = ctx();
    const c = await seedNoShows(t);
    const headers = bearer(c.manager.token);
    const refusals: Array<[string, string]> = [
      [august('?onlyNoShows=yes'), 'onlyNoShows'],
      [august('?onlyNoShows=true&format=csv&onlyNoShows=false'), 'onlyNoShows'],
      [reportUrl('createdAt', '2026-08-01', '2026-08-31', ALL_SOURCES, ALL_TOURS, '?onlyNoShows=true'), 'onlyNoShows'],
      [
        reportUrl('createdAt', '2026-08-01', '2026-08-31', ALL_SOURCES, ALL_TOURS, '?format=csv&onlyNoShows=true'),
        'onlyNoShows',
      ],
      [august('?format=csv&type=reservationDate'), 'type'],
      [
        reportUrl('createdAt', '2026-08-01', '2026-08-31', ALL_SOURCES, ALL_TOURS, '?format=csv&type=checkinStatus'),
        'type',
      ],
    ];
    for (const [url, field] of refusals) {
      const res = await t.app.inject({ url, headers });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: expect.stringContaining(`${field}: `) });
    }
    // Still a Manager's report: a Guide is refused before the parameter is looked at.
    const guide = await t.app.inject({ url: august('?onlyNoShows=true'), headers: bearer(c.guide.token) });
    expect(guide.statusCode).toBe(403);
  });

  it('answers the fee table of a day: checked-in guests per tour and source', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/fees',
      headers: bearer(c.manager.token),
      payload: { day: '2026-06-30' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        date: '2026-06-30',
        tour: 'Hop-On Harbour Cruise',
        source: 'Walkin',
        attendees: [{ Adults: 1 }, { Teens: 0 }, { Children: 0 }],
      },
      {
        date: '2026-06-30',
        tour: 'Old Town Walk',
        source: 'Viator',
        attendees: [{ Adults: 0 }, { Teens: 0 }, { Children: 0 }],
      },
    ]);
  });

  const fees = (t: TestApp, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/bookings/fees', headers: bearer(token), payload });

  it('answers the fee table of a range of days, one line per day, tour and source, cancelled bookings left out', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const add = (date: string, extra: Record<string, unknown>) =>
      addBooking(t.db, c.companyId, { date, time: '10:00', ...extra });
    await add('2026-06-09', { attendedAdults: 2 });
    await add('2026-06-10', { attendedAdults: 1, source: 'Walkin', teens: 1, attendedTeens: 1 });
    await add('2026-06-10', { attendedAdults: 2, source: 'Walkin' });
    await add('2026-06-10', { attendedAdults: 2, cancelled: true });
    await add('2026-06-11', { tour: 'Hop-On Harbour Cruise', children: 1, attendedChildren: 1 });
    await add('2026-06-12', { attendedAdults: 2 });

    const res = await fees(t, c.manager.token, { from: '2026-06-10', to: '2026-06-11' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        date: '2026-06-10',
        tour: 'Old Town Walk',
        source: 'Walkin',
        attendees: [{ Adults: 3 }, { Teens: 1 }, { Children: 0 }],
      },
      {
        date: '2026-06-11',
        tour: 'Hop-On Harbour Cruise',
        source: 'Viator',
        attendees: [{ Adults: 0 }, { Teens: 0 }, { Children: 1 }],
      },
    ]);
    // The spec's one day is the range from that day to itself.
    const day = await fees(t, c.manager.token, { day: '2026-06-10' });
    expect(day.json()).toEqual([res.json()[0]]);
    expect((await fees(t, c.guide.token, { from: '2026-06-10', to: '2026-06-11' })).statusCode).toBe(403);
  });

  it.each([
    [{}, 'Enter a day, or a range as from and to', ['day']],
    [{ day: '2026-06-10', from: '2026-06-10' }, 'Send a day or a range (from and to), not both', ['day']],
    [{ from: '2026-06-10' }, 'to: Enter the last day of the range', ['to']],
    [{ to: '2026-06-10' }, 'from: Enter the first day of the range', ['from']],
    [{ from: '2026-06-11', to: '2026-06-10' }, 'The range starts after it ends', undefined],
    [{ from: '2026-01-01', to: '2027-01-03' }, 'A fee table covers at most a year', undefined],
  ])('refuses the fee days %j with 400 "%s"', async (payload, error, paths) => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const res = await fees(t, c.manager.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', error });
    expect(res.json().details?.map((detail: { path: string }) => detail.path)).toEqual(paths);
  });

  it.each(['date', 'createdAt'] as const)(
    'streams %s reports in keyset batches without skipping or repeating bookings that tie',
    async (field) => {
      const t = ctx();
      const c = await seedJune(t);
      const tie = new Date('2026-06-05T08:00:00Z');
      // Ties on date and time across two tours, inserted alternately: a batch boundary falls between tours.
      for (let i = 0; i < 6; i++) {
        const tour = i % 2 === 0 ? 'Old Town Walk' : 'Hop-On Harbour Cruise';
        await addBooking(t.db, c.companyId, {
          date: '2026-06-05',
          time: '08:00',
          tour,
          name: `Tie ${i}`,
          createdAt: tie,
        });
      }
      // Stamped by the database's clock, as bookings made through the API are.
      for (let i = 0; i < 3; i++) {
        const { createdAt: _unset, ...row } = {
          date: '2026-06-06',
          time: '09:00',
          name: `Now ${i}`,
          createdAt: undefined,
        };
        await addBooking(t.db, c.companyId, row);
      }
      const filter = {
        companyId: c.companyId,
        field,
        startDay: '2026-05-01',
        endDay: '2026-07-31',
        from: new Date('2026-04-30T00:00:00Z'),
        to: new Date('2100-01-01T00:00:00Z'),
        sources: ['Walkin', 'Viator', 'Manual'],
        tours: ['Old Town Walk', 'Hop-On Harbour Cruise'],
      };
      const streamed: string[] = [];
      const idRecord = sql<string>`${bookings.id}::text`;
      for (let batch = await reportBatch(t.db, filter, idRecord, undefined, 2); ;) {
        streamed.push(...batch.records);
        if (!batch.last) break;
        batch = await reportBatch(t.db, filter, idRecord, batch.last, 2);
      }
      const page = await t.app.inject({
        url: reportUrl(field, '2026-05-01', field === 'date' ? '2026-07-31' : '2029-01-01'),
        headers: bearer(c.manager.token),
      });
      expect(streamed).toEqual(page.json().rows.map((r: { _id: string }) => r._id));
      expect(new Set(streamed).size).toBe(streamed.length);
    },
  );

  it('orders a tour-day report by date, time, tour and id, the order of the slot index it reads', async () => {
    const t = ctx();
    const c = await seedJune(t);
    for (const [i, tour] of [
      'Old Town Walk',
      'Hop-On Harbour Cruise',
      'Old Town Walk',
      'Hop-On Harbour Cruise',
    ].entries()) {
      await addBooking(t.db, c.companyId, { date: '2026-06-10', time: '10:00', tour, name: `Same slot ${i}` });
    }
    const res = await t.app.inject({
      url: reportUrl('date', '2026-06-01', '2026-07-31'),
      headers: bearer(c.manager.token),
    });
    const rows: Array<{ _id: string; date: string; time: string; tour: string }> = res.json().rows;
    const key = (r: (typeof rows)[number]) => [r.date, r.time, r.tour, r._id].join('|');
    const expected = [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    expect(rows.length).toBe(13); // seedJune’s 9 bookings that are not cancelled, and these 4
    expect(rows.map((r) => r._id)).toEqual(expected.map((r) => r._id));
    // The slot of 10 June holds both tours: the Harbour cruise's bookings come before the walk's.
    const june10 = rows.filter((r) => r.date === '2026-06-10' && r.time === '10:00').map((r) => r.tour);
    expect(june10.indexOf('Old Town Walk')).toBeGreaterThan(june10.lastIndexOf('Hop-On Harbour Cruise'));
  });

  it('takes long lists of sources and tours, and answers an absurdly long one with the error body', async () => {
    const t = ctx();
    const c = await seedJune(t);
    const more = Array.from({ length: 40 }, (_, i) => `Tour number ${i}`);
    await insertTours(
      t.db,
      more.map((label, i) => ({ companyId: c.companyId, id: uuidv7(), key: `more-${i}`, label, position: 10 + i })),
    );
    const many = encodeNameList(['Hop-On Harbour Cruise', ...more]);
    const ok = await t.app.inject({
      url: reportUrl('date', '2026-06-01', '2026-06-30', ALL_SOURCES, many),
      headers: bearer(c.manager.token),
    });
    expect(ok.statusCode).toBe(200);
    expect(names(ok.json())).toEqual(['Harbour']);
    const absurd = await t.app.inject({
      url: reportUrl('date', '2026-06-01', '2026-06-30', ALL_SOURCES, 'x'.repeat(5000)),
      headers: bearer(c.manager.token),
    });
    expect(absurd.statusCode).toBe(414);
    expect(absurd.json()).toMatchObject({ code: 'FST_ERR_MAX_PARAM_LENGTH', error: expect.any(String) });
  });
});
