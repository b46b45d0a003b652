import { expect, test, type Page, type Route } from '@playwright/test';
import { GUIDE, MANAGER, signIn } from './fixtures';
import { openNearSlot } from './nearSlot';

// After a sync the phone shows what the server has, whatever order the answers come back in: here the slot's
// refetch on reconnect is read before the queued check-in is applied and answered after it, the worst order.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
test.setTimeout(240_000);

const CYCLES = 10;
const checkedInLine = (page: Page) => page.getByText(/^\d+\/\d+ guests checked in$/);
const syncBadge = (page: Page) => page.getByRole('status', { name: 'Sync', exact: true });
const row = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

/** Resolves when `resolve` is called, or after `ms` so a request that never comes cannot hold the other. */
function gate(ms: number): { opened: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
    setTimeout(resolve, ms);
  });
  return { opened, open };
}

test('a Guide’s phone equals a fresh device after every offline check-in and reconnect, with and without an offline reload', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const names = Array.from({ length: CYCLES }, (_, i) => `Sync ${String(i).padStart(2, '0')} ${stamp}`);

  await signIn(page, GUIDE);
  await openNearSlot(page);
  const slotUrl = page.url();
  const [day, time, tour] = decodeURIComponent(new URL(slotUrl).pathname).replace('/bookings/date/', '').split('/');
  const auth = await request.post('/auth', { data: { email: MANAGER, password: 'tourdesk-demo' } });
  const { token } = ((await auth.json()) as { user: { token: string } }).user;
  for (const name of names) {
    const added = await request.post('/api/bookings/add-booking', {
      headers: { authorization: `Bearer ${token}` },
      data: { name, customers: [{ Adults: 2 }], date: day, time, tour },
    });
    expect(added.status()).toBe(201);
  }
  // Controlled by the service worker, so a reload without a network opens the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(row(page, names[0]!)).toBeVisible();

  // Worst order: the refetch reads the slot before the check-in is applied and is answered after it.
  let race: { read: ReturnType<typeof gate>; answered: ReturnType<typeof gate> } | null = null;
  await page.route(`**/api/bookings/date/${day}/**`, async (route: Route) => {
    const current = race;
    if (!current || route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    current.read.open();
    await current.answered.opened;
    await route.fulfill({ response });
  });
  await page.route('**/api/bookings/*', async (route: Route) => {
    const current = race;
    if (!current || route.request().method() !== 'PATCH') return route.continue();
    await current.read.opened;
    const response = await route.fetch();
    await route.fulfill({ response });
    // Long enough for the page to have taken the check-in's answer in.
    setTimeout(() => current.answered.open(), 300);
  });

  const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const device = await fresh.newPage();
    await signIn(device, GUIDE);
    await expect(device).toHaveURL(/\/bookings\/date\//);
    await device.goto(slotUrl);

    for (const [cycle, name] of names.entries()) {
      const reload = cycle % 2 === 1;
      await context.setOffline(true);
      const mine = row(page, name);
      await mine.getByRole('switch', { name: 'Checked in' }).click();
      await expect(syncBadge(page)).toHaveText('Offline · 1 waiting');
      if (reload) {
        await page.reload();
        await expect(mine.getByText('Waiting to send')).toBeVisible();
        await expect(syncBadge(page)).toHaveText('Offline · 1 waiting');
      }
      // Offline, the page still shows every earlier cycle's check-in (the device's copy follows what it showed).
      for (const earlier of names.slice(0, cycle + 1)) {
        await expect(row(page, earlier).getByRole('switch', { name: 'Checked in' })).toBeChecked();
      }
      race = { read: gate(5_000), answered: gate(5_000) };
      await context.setOffline(false);
      await expect(syncBadge(page)).toHaveText('1 check-in sent', { timeout: 10_000 });
      await race.answered.opened;
      await page.waitForTimeout(500);
      race = null;

      await device.reload();
      await expect(row(device, name).getByRole('switch', { name: 'Checked in' })).toBeChecked();
      const truth = await checkedInLine(device).textContent();
      expect(truth).toMatch(/guests checked in/);
      await expect(checkedInLine(page), `cycle ${cycle + 1}${reload ? ' (offline reload)' : ''}`).toHaveText(truth!, {
        timeout: 1_000,
      });
      for (const earlier of names.slice(0, cycle + 1)) {
        await expect(row(page, earlier).getByRole('switch', { name: 'Checked in' })).toBeChecked({ timeout: 1_000 });
      }
    }
  } finally {
    await fresh.close();
  }
});
