import { expect, test } from '@playwright/test';
import { GUIDE, signIn, todayInMadrid } from './fixtures';
import { openNearSlot } from './nearSlot';

test.describe('the app without a network, once opened', () => {
  test('a Guide reopens the slot, goes back to the day and opens another page from the service worker', async ({
    page,
    context,
  }) => {
    await signIn(page, GUIDE);
    await openNearSlot(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // A worker controls the pages opened after it activated: the reload is served by it.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    try {
      await page.reload();
      // The API is not the worker's: offline, it fails.
      await expect(page.evaluate(() => fetch('/api/company'))).rejects.toThrow('Failed to fetch');
      const backToDay = page.getByRole('link', { name: 'Back to day' });
      await expect(backToDay).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Demo Tours' })).toBeVisible();

      // The day page's code comes from the worker; its data may not (the assertion is on the page, not the slots).
      await backToDay.click();
      await expect(page).toHaveURL(new RegExp(`/bookings/date/${todayInMadrid()}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();

      // A page this tab never loaded: its chunk was precached with the rest of the build.
      await page.goto('/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((path) => path.startsWith('/api') || path.startsWith('/auth'))).toEqual([]);
  });

  test('the service worker is revalidated on every visit, so a new deploy is found at once', async ({ request }) => {
    const res = await request.get('/sw.js');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('javascript');
    expect(res.headers()['cache-control']).toBe('no-cache');
  });
});
