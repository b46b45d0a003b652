/**
 * One simulated device of bench/outbox.ts, in its own worker thread (outboxWorkers.ts): the app's own store, outbox
 * thunks and sender over a fake IndexedDB and a flaky network. A guide taps check-ins on the device's bookings; the
 * page reloads and the network goes away on the plan's taps; at the end the device waits for its outbox to empty.
 */
import 'fake-indexeddb/auto';
import { parentPort, workerData } from 'node:worker_threads';
import type { Booking } from '../../src/domain/booking';
import { CUSTOMER_TYPES, countsFromList, listFromCounts, type CustomerCounts } from '../../src/domain/customerTypes';
import { installBrowser } from './deviceGlobals';
import { FlakyNetwork } from './flakyNetwork';
import type { DevicePlan, DeviceReport, Operation } from './outboxPlan';
import { random as seeded } from './seededRandom';

const plan = workerData as DevicePlan;
const rng = seeded(plan.seed);
const network = new FlakyNetwork(seeded(plan.seed + 1_000), plan.dropRate, plan.refreshCookie);
const browser = installBrowser(plan.baseUrl, network.fetch);
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const between = ([min, max]: [number, number]) => min + Math.floor(rng() * (max - min + 1));
const problems: string[] = [];

/** New counts for a booking, within what was booked and never what the row shows (each tap changes something). */
function nextCounts(booking: Booking, shown: CustomerCounts): CustomerCounts {
  const booked = countsFromList(booking.customers);
  for (;;) {
    const counts = { ...shown };
    for (const type of CUSTOMER_TYPES) counts[type] = Math.floor(rng() * (booked[type] + 1));
    if (CUSTOMER_TYPES.some((type) => counts[type] !== shown[type])) return counts;
  }
}

async function run(): Promise<DeviceReport> {
  // Loaded after installBrowser: the base query reads the API origin from `location` when it loads.
  const { makeStore } = await import('../../src/app/store');
  const { queueCheckIn, startOutbox } = await import('../../src/features/slot/outbox/outboxActions');
  const { stopOutbox } = await import('../../src/features/slot/outbox/outboxSync');
  const { entriesOf } = await import('../../src/services/offline/outboxStore');

  const userId = plan.user._id;
  const openPage = () => {
    const store = makeStore({ auth: { user: plan.user, status: 'ready' } });
    store.dispatch(startOutbox());
    return store;
  };
  let store = openPage();
  let reloads = 0;
  const operations: Operation[] = [];
  let pageStart = 0;
  /** What each row shows: the server's copy under the device's last check-in for it. */
  const shown = new Map(plan.bookings.map((booking) => [booking._id, booking.attendees]));

  /**
   * Every tap of the page is on the device, or already on its way. A tab killed in the milliseconds before would
   * lose its last tap; here the old page would live on, and its late callbacks would take the outbox back.
   */
  const persisted = async () => {
    const ops = operations.slice(pageStart);
    for (let i = 0; i < 400; i++) {
      const kept = new Set((await entriesOf(userId)).map((entry) => entry.id));
      if (ops.every((op) => kept.has(op.id) || network.tried(op.id))) return;
      await sleep(5);
    }
    problems.push('a tap was still not on the device after 2 s');
  };

  const tap = () => {
    const booking = plan.bookings[Math.floor(rng() * plan.bookings.length)] as Booking;
    const row = { ...booking, attendees: shown.get(booking._id) ?? booking.attendees };
    const counts = nextCounts(booking, countsFromList(row.attendees));
    const types = CUSTOMER_TYPES.filter((type) => booking.customers.some((entry) => entry[type] !== undefined));
    const attendees = listFromCounts(counts, types);
    const slot = { day: booking.date, time: booking.time, tour: booking.tour };
    store.dispatch(queueCheckIn({ booking: row, slot, attendees }));
    const entry = store.getState().outbox.entries.at(-1);
    if (entry?.bookingId !== booking._id) throw new Error('queueCheckIn kept no entry');
    operations.push({ id: entry.id, bookingId: booking._id, counts });
    shown.set(booking._id, attendees);
  };

  const goOffline = (ms: number) => {
    network.offline = true;
    browser.window.dispatchEvent(new Event('offline'));
    setTimeout(() => {
      network.offline = false;
      browser.window.dispatchEvent(new Event('online'));
    }, ms);
  };

  for (let i = 0; i < plan.taps; i++) {
    for (const spell of plan.offline) if (spell.at === i) goOffline(spell.ms);
    if (plan.reloadAt.includes(i)) {
      await persisted();
      network.reload();
      stopOutbox();
      store = openPage();
      pageStart = operations.length;
      reloads++;
    }
    tap();
    await sleep(between(plan.tapMs));
  }

  const lastTap = performance.now();
  let left = await entriesOf(userId);
  let told = lastTap;
  while (left.some((entry) => entry.state === 'waiting') && performance.now() - lastTap < plan.drainMs) {
    await sleep(100);
    left = await entriesOf(userId);
    if (performance.now() - told >= 60_000) {
      told = performance.now();
      console.log(
        `  device ${plan.index}: ${left.length} waiting ${Math.round((told - lastTap) / 1000)} s after its last tap`,
      );
    }
  }
  const drainMs = Math.round(performance.now() - lastTap);
  stopOutbox();
  const byState: Record<string, number> = {};
  for (const entry of left) byState[entry.state] = (byState[entry.state] ?? 0) + 1;
  for (const entry of left.slice(0, 3)) problems.push(`left on the device: ${JSON.stringify(entry).slice(0, 300)}`);
  if (store.getState().auth.user === null) problems.push('signed out during the run');
  return { index: plan.index, operations, network: network.counts, reloads, drainMs, left: byState, problems };
}

// A failure rejects unhandled, which ends the thread with an 'error' the bench reports.
void run().then((report) => parentPort?.postMessage(report));
