import type { Logger } from 'drizzle-orm';
import { addDeparture, createCompany, type CompanyFixture } from './fixtures';
import { describeEachDb, type TestApp } from './helpers';
import { cancelChannelBooking, putChannelBooking } from './channelRequests';

/** Every statement the app's handle sends (Drizzle's documented logger), named by its first words. */
const sent: string[] = [];
const logger: Logger = { logQuery: (query) => sent.push(query.trim().toLowerCase()) };

const DAY = '2036-07-01';
const BOAT = 'Hop-On Harbour Cruise';
const booking = (adults: number, name = 'Ana Viator') => ({ name, date: DAY, time: '19:00', tour: BOAT, adults });

/** What each statement of a channel call is, by how it starts. */
const KINDS: Array<[string, RegExp]> = [
  ['company', /^select \* from auth_begin_request/],
  ['key and catalogue', /^select "name", "prefix", "secret_hash"/],
  ['locks', /^select pg_advisory_xact_lock/],
  ['booking and departure', /^select "bookings"\./],
  ['booking', /^select "company_id", "id", "booking_id"/],
  ['insert', /^insert into "bookings"/],
  ['update', /^update "bookings"/],
  ['event', /^with head as/],
];
const kindOf = (statement: string) => KINDS.find(([, pattern]) => pattern.test(statement))?.[0] ?? statement;

/**
 * The statements one request sent inside its transaction, by kind. `begin` and `commit` are left out (PGlite's
 * driver sends them outside Drizzle), and so is the live streams' NOTIFY, sent after commits once per short window.
 */
async function statementsOf(request: () => Promise<{ statusCode: number }>, status: number): Promise<string[]> {
  sent.length = 0;
  const res = await request();
  expect(res.statusCode).toBe(status);
  return sent.filter((s) => !/^(begin|commit|rollback)$/.test(s) && !s.includes('pg_notify')).map(kindOf);
}

const FIRST = ['company', 'key and catalogue', 'locks', 'booking and departure'];

describeEachDb(
  'round trips of a channel call',
  (ctx) => {
    let t: TestApp;
    let c: CompanyFixture;
    const put = (ref: string, adults: number, name?: string) => () =>
      putChannelBooking(t, c.apiKey, 'Viator', ref, booking(adults, name));
    beforeAll(async () => {
      t = ctx();
      c = await createCompany(t.app, t.db);
      await addDeparture(t.db, c.companyId, c.tourIds[BOAT], { time: '19:00', capacity: 30 });
      await addDeparture(t.db, c.companyId, c.tourIds[BOAT], { time: '09:00', capacity: 2 });
      // The key's first call of the minute writes its last use; the calls below do not.
      await putChannelBooking(t, c.apiKey, 'Viator', 'warm-up', booking(1));
    });

    it('creates a booking on a departure with seats in six statements', async () => {
      expect(await statementsOf(put('R-1', 2), 201)).toEqual([...FIRST, 'insert', 'event']);
    });

    it('adds guests, or renames a booking, in six statements', async () => {
      expect(await statementsOf(put('R-1', 4), 200)).toEqual([...FIRST, 'update', 'event']);
      expect(await statementsOf(put('R-1', 4, 'Ana María'), 200)).toEqual([...FIRST, 'update', 'event']);
    });

    it('answers the same booking sent again in four statements', async () => {
      expect(await statementsOf(put('R-1', 4, 'Ana María'), 200)).toEqual(FIRST);
    });

    it('refuses a booking over capacity in four statements, and writes nothing', async () => {
      const over = () => putChannelBooking(t, c.apiKey, 'Viator', 'R-2', { ...booking(3), time: '09:00' });
      expect(await statementsOf(over, 409)).toEqual(FIRST);
    });

    it('cancels in six statements', async () => {
      const cancel = () => cancelChannelBooking(t, c.apiKey, 'Viator', 'R-1');
      const statements = await statementsOf(cancel, 200);
      expect(statements).toEqual(['company', 'key and catalogue', 'locks', 'booking', 'update', 'event']);
    });
  },
  { logger },
);
