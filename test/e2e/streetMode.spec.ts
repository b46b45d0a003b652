import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { DEMO_PASSWORD, GUIDE, MANAGER, signIn } from './fixtures';
import { openNearSlot } from './nearSlot';

// Street mode (issue 23): a Guide's check-ins made without a network wait on the phone, through a reload, and reach
// the server once each when it comes back; another device's check-in meanwhile is a conflict the Guide settles.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

type CountList = Array<Partial<Record<'Adults' | 'Teens' | 'Children', number>>>;
interface Slot {
  day: string;
  time: string;
  tour: string;
}
interface StoredBooking {
  _id: string;
  name: string;
  attendees: CountList;
  customers: CountList;
}
interface HistoryEntry {
  kind: string;
  by: string | null;
  checkedIn?: { attended: number; pax: number };
}

/** The server's view, read with a member's own token: what was stored, not what a page shows. */
class Api {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, email: string): Promise<Api> {
    const res = await request.post('/auth', { data: { email, password: DEMO_PASSWORD } });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { user: { token: string } };
    return new Api(request, body.user.token);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** A fresh booking of the slot, nobody checked in: each run (and each browser project) has its own. */
  async addBooking(slot: Slot, name: string, customers: CountList): Promise<StoredBooking> {
    const res = await this.request.post('/api/bookings/add-booking', {
      headers: this.headers,
      data: { name, customers, date: slot.day, time: slot.time, tour: slot.tour },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as StoredBooking;
  }

  async booking(slot: Slot, id: string): Promise<StoredBooking> {
    const url = `/api/bookings/date/${slot.day}/${encodeURIComponent(slot.time)}/${encodeURIComponent(slot.tour)}`;
    const res = await this.request.get(url, { headers: this.headers });
    expect(res.status()).toBe(200);
    const found = ((await res.json()) as { bookings: StoredBooking[] }).bookings.find((b) => b._id === id);
    if (!found) throw new Error(`booking ${id} not in its slot`);
    return found;
  }

  /** The booking's check-in events, newest first. */
  async checkIns(id: string): Promise<HistoryEntry[]> {
    const res = await this.request.get(`/api/bookings/${id}/history`, { headers: this.headers });
    expect(res.status()).toBe(200);
    return ((await res.json()) as HistoryEntry[]).filter((entry) => entry.kind === 'booking.checkedIn');
  }
}

/** The slot the page shows, from its address (/bookings/date/<day>/<time>/<tour>). */
function slotOf(page: Page): Slot {
  const path = decodeURIComponent(new URL(page.url()).pathname).replace('/bookings/date/', '');
  const [day = '', time = '', ...tour] = path.split('/');
  return { day, time, tour: tour.join('/') };
}

/** Opens the near slot in a tab the service worker controls, so a reload without a network still opens it. */
async function openControlledSlot(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The keys of the copies this device keeps of what its pages showed (IndexedDB, src/services/offline). */
function deviceCopies(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const opening = indexedDB.open('tourdesk');
        opening.onerror = () => resolve([]);
        opening.onsuccess = () => {
          const db = opening.result;
          const keys = db.transaction('snapshots').objectStore('snapshots').getAllKeys();
          keys.onsuccess = () => {
            resolve(keys.result.map(String));
            db.close();
          };
        };
      }),
  );
}

const syncBadge = (page: Page) => page.getByRole('status', { name: 'Sync', exact: true });
const row = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

/** The check-in sends (PATCH /api/bookings/<id>) a page makes for one booking. */
function sendsOf(page: Page, id: string): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === `/api/bookings/${id}`) sent.push(request);
  });
  return sent;
}

test('a Guide checks in two bookings offline, reloads, and both reach the server once when the network is back', async ({
  page,
  context,
  request,
}, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const fullName = `Street full ${stamp}`;
  const partName = `Street part ${stamp}`;
  const manager = await Api.signIn(request, MANAGER);

  await signIn(page, GUIDE);
  await openNearSlot(page);
  const slot = slotOf(page);
  const full = await manager.addBooking(slot, fullName, [{ Adults: 2 }, { Children: 1 }]);
  const part = await manager.addBooking(slot, partName, [{ Adults: 3 }, { Children: 2 }]);
  await openControlledSlot(page);
  const fullRow = row(page, fullName);
  const partRow = row(page, partName);
  await expect(fullRow).toContainText('Adults 0 of 2 · Children 0 of 1');
  await expect(partRow).toContainText('Adults 0 of 3 · Children 0 of 2');
  await expect(syncBadge(page)).toBeHidden();

  await context.setOffline(true);
  await fullRow.getByRole('switch', { name: 'Checked in' }).click();
  await expect(fullRow.getByRole('switch', { name: 'Checked in' })).toBeChecked();
  await expect(fullRow).toContainText('Adults 2 of 2 · Children 1 of 1');
  await expect(fullRow.getByText('Waiting to send')).toBeVisible();

  // Partly: 3 of the 5 came. The form's code comes from the service worker's cache.
  await partRow.getByRole('button', { name: 'Choose who came' }).click();
  await partRow
    .getByRole('radiogroup', { name: /Adults/ })
    .getByLabel('2', { exact: true })
    .check();
  await partRow
    .getByRole('radiogroup', { name: /Children/ })
    .getByLabel('1', { exact: true })
    .check();
  await partRow.getByRole('button', { name: 'Check-in' }).click();
  await expect(partRow.getByRole('button', { name: 'Check-in' })).toBeHidden();
  await expect(partRow).toContainText('Adults 2 of 3 · Children 1 of 2');
  await expect(partRow.getByText('3 of 5')).toBeVisible();
  await expect(partRow.getByText('Waiting to send')).toBeVisible();
  await expect(syncBadge(page)).toHaveText('Offline · 2 waiting');

  // Still offline, the page opens from the service worker with the slot as last seen, and both still wait.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: /^Offline · as of \d{2}:\d{2}$/ })).toBeVisible();
  await expect(fullRow).toContainText('Adults 2 of 2 · Children 1 of 1');
  await expect(fullRow.getByText('Waiting to send')).toBeVisible();
  await expect(partRow).toContainText('Adults 2 of 3 · Children 1 of 2');
  await expect(partRow.getByText('Waiting to send')).toBeVisible();
  await expect(syncBadge(page)).toHaveText('Offline · 2 waiting');
  // Nothing reached the server meanwhile.
  expect((await manager.booking(slot, full._id)).attendees).toEqual([{ Adults: 0 }, { Children: 0 }]);
  expect(await manager.checkIns(part._id)).toEqual([]);

  // Back online: Chromium fires `online` itself, and the outbox sends at once (not on its backoff timer).
  await page.evaluate(() =>
    window.addEventListener('online', () => document.documentElement.setAttribute('data-online', '')),
  );
  const backAt = Date.now();
  await context.setOffline(false);
  await expect(page.locator('html[data-online]')).toHaveCount(1);
  // All that waited is through: the pill says so, once, then goes.
  await expect(syncBadge(page)).toHaveText('2 check-ins sent', { timeout: 5_000 });
  await expect(fullRow.getByText('Waiting to send')).toBeHidden({ timeout: 5_000 });
  await expect(partRow.getByText('Waiting to send')).toBeHidden({ timeout: 5_000 });
  expect(Date.now() - backAt).toBeLessThan(5_000);

  // On the server once each, with the counts the Guide chose, by the Guide.
  expect((await manager.booking(slot, full._id)).attendees).toEqual([{ Adults: 2 }, { Children: 1 }]);
  expect((await manager.booking(slot, part._id)).attendees).toEqual([{ Adults: 2 }, { Children: 1 }]);
  expect(await manager.checkIns(full._id)).toMatchObject([{ by: 'Gabriel Guide', checkedIn: { attended: 3, pax: 3 } }]);
  expect(await manager.checkIns(part._id)).toMatchObject([{ by: 'Gabriel Guide', checkedIn: { attended: 3, pax: 5 } }]);

  // The page agrees after a reload from the server.
  await page.reload();
  await expect(fullRow).toContainText('Adults 2 of 2 · Children 1 of 1');
  await expect(partRow).toContainText('Adults 2 of 3 · Children 1 of 2');
  await expect(page.getByText('Waiting to send')).toHaveCount(0);
  await expect(syncBadge(page)).toBeHidden();
});

test('a Manager checks in the same bookings meanwhile: the Guide’s phone shows the conflicts, and both choices work', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const mineName = `Street mine ${stamp}`;
  const theirsName = `Street theirs ${stamp}`;
  const api = await Api.signIn(request, MANAGER);

  await signIn(page, GUIDE);
  await openNearSlot(page);
  const slot = slotOf(page);
  const mine = await api.addBooking(slot, mineName, [{ Adults: 4 }]);
  const theirs = await api.addBooking(slot, theirsName, [{ Adults: 4 }]);
  await openControlledSlot(page);
  const mineRow = row(page, mineName);
  const theirsRow = row(page, theirsName);
  await expect(mineRow).toContainText('Adults 0 of 4');
  await expect(theirsRow).toContainText('Adults 0 of 4');

  // The Guide, offline, checks both in fully.
  await context.setOffline(true);
  await mineRow.getByRole('switch', { name: 'Checked in' }).click();
  await theirsRow.getByRole('switch', { name: 'Checked in' }).click();
  await expect(mineRow).toContainText('Adults 4 of 4');
  await expect(theirsRow).toContainText('Adults 4 of 4');
  await expect(syncBadge(page)).toHaveText('Offline · 2 waiting');

  // Meanwhile the Manager, at the desk, counts 3 and 2 on the same bookings.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const manager = await desk.newPage();
    await signIn(manager, MANAGER);
    await expect(manager).toHaveURL(/\/bookings\/date\//);
    await manager.goto(page.url());
    for (const [name, count] of [
      [mineName, '3'],
      [theirsName, '2'],
    ] as const) {
      const deskRow = row(manager, name);
      await deskRow.getByRole('button', { name: 'Choose who came' }).click();
      await deskRow
        .getByRole('radiogroup', { name: /Adults/ })
        .getByLabel(count, { exact: true })
        .check();
      await deskRow.getByRole('button', { name: 'Check-in' }).click();
      await expect(deskRow).toContainText(`Adults ${count} of 4`);
    }
    await expect(syncBadge(manager)).toBeHidden({ timeout: 5_000 });
    expect((await api.booking(slot, mine._id)).attendees).toEqual([{ Adults: 3 }]);
    expect((await api.booking(slot, theirs._id)).attendees).toEqual([{ Adults: 2 }]);

    // Back online, the Guide's check-ins meet the Manager's: the server keeps the Manager's counts and says so.
    await context.setOffline(false);
    const mineAlert = mineRow.getByRole('alert');
    const theirsAlert = theirsRow.getByRole('alert');
    await expect(mineAlert).toContainText(/^Marta Manager checked in 3 adults at \d{2}:\d{2} \(you: 4\)/, {
      timeout: 5_000,
    });
    await expect(theirsAlert).toContainText(/^Marta Manager checked in 2 adults at \d{2}:\d{2} \(you: 4\)/);
    await expect(mineAlert.getByRole('button', { name: 'Keep 3' })).toBeVisible();
    await expect(mineAlert.getByRole('button', { name: 'Use your 4' })).toBeVisible();
    await expect(syncBadge(page)).toHaveText('2 conflicts');
    await expect(mineRow.getByText('Waiting to send')).toBeHidden();
    expect((await api.booking(slot, mine._id)).attendees).toEqual([{ Adults: 3 }]);
    expect((await api.booking(slot, theirs._id)).attendees).toEqual([{ Adults: 2 }]);

    // "Use your 4": sent again on the server's 3, and the desk sees 4 without a reload.
    await mineAlert.getByRole('button', { name: 'Use your 4' }).click();
    await expect(mineAlert).toBeHidden({ timeout: 5_000 });
    await expect(syncBadge(page)).toHaveText('1 conflict');
    await expect(mineRow).toContainText('Adults 4 of 4');
    await expect(row(manager, mineName)).toContainText('Adults 4 of 4', { timeout: 5_000 });
    expect((await api.booking(slot, mine._id)).attendees).toEqual([{ Adults: 4 }]);
    expect((await api.checkIns(mine._id))[0]).toMatchObject({ by: 'Gabriel Guide', checkedIn: { attended: 4 } });

    // The refused check-in left no trace: the last check-in in the history is still the Manager's.
    expect((await api.checkIns(theirs._id))[0]).toMatchObject({ by: 'Marta Manager', checkedIn: { attended: 2 } });
    // "Keep 2": the Manager's count stays, nothing more is sent, and the phone shows the server's 2.
    const theirsEvents = (await api.checkIns(theirs._id)).length;
    const sends = sendsOf(page, theirs._id);
    await theirsAlert.getByRole('button', { name: 'Keep 2' }).click();
    await expect(theirsAlert).toBeHidden();
    await expect(syncBadge(page)).toBeHidden();
    await expect(theirsRow).toContainText('Adults 2 of 4');
    await expect(theirsRow.getByText('Waiting to send')).toBeHidden();
    // Long enough for the outbox's first retry (1 s) to have sent anything it still held.
    await page.waitForTimeout(1_500);
    expect(sends).toEqual([]);
    expect((await api.booking(slot, theirs._id)).attendees).toEqual([{ Adults: 2 }]);
    expect(await api.checkIns(theirs._id)).toHaveLength(theirsEvents);
    await expect(row(manager, theirsName)).toContainText('Adults 2 of 4');

    // Settled on the phone too: a reload brings back neither the conflicts nor the waiting check-ins.
    await page.reload();
    await expect(mineRow).toContainText('Adults 4 of 4');
    await expect(theirsRow).toContainText('Adults 2 of 4');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(syncBadge(page)).toBeHidden();
  } finally {
    await desk.close();
  }
});

test('offline, the phone says so one way: the pill says Offline, the page what it shows, and nothing is red', async ({
  page,
  context,
}) => {
  await signIn(page, GUIDE);
  await openNearSlot(page);
  await openControlledSlot(page);
  // The slot and its note are on the device before the network goes.
  await expect
    .poll(async () => (await deviceCopies(page)).filter((key) => /\|(slot|note)\|/.test(key)).length)
    .toBeGreaterThanOrEqual(2);
  await context.setOffline(true);
  try {
    // Nothing waits to be sent: the pill still says Offline after the reload.
    await page.reload();
    await expect(syncBadge(page)).toHaveText('Offline');
    await expect(page.getByRole('status').filter({ hasText: /^Offline · as of \d{2}:\d{2}$/ })).toBeVisible();
    await expect(row(page, 'Lena Fischer')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/could not be loaded|Cannot reach the server/)).toHaveCount(0);

    // A day this phone never opened: said plainly, and it loads by itself when the network is back.
    const later = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/bookings/date/${later}`);
    const notice = page.getByText(
      'Offline · this day was not opened on this device. It loads when the network is back.',
    );
    await expect(notice).toBeVisible();
    await expect(syncBadge(page)).toHaveText('Offline');
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByText(/^Offline · this day/)).toBeHidden({ timeout: 10_000 });
  await expect(syncBadge(page)).toBeHidden();
});
