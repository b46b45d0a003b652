import { expect, test, type Page } from '@playwright/test';
import { GUIDE, MANAGER, signIn } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Nothing wider than the screen, and every visible button, link and switch at least 44 px tall (WCAG 2.5.5). */
async function expectPhoneFriendly(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], [role="switch"], [role="radio"], [role="checkbox"]')]
      .map((el) => {
        // A switch or radio is tapped through its label row; measure what the finger hits.
        const target = el.closest('label') ?? el;
        const box = target.getBoundingClientRect();
        return { name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName, height: box.height };
      })
      .filter((t) => t.height > 0 && t.height < 44)
      .map((t) => `${t.name} (${Math.round(t.height)} px)`),
  );
  expect(small).toEqual([]);
}

test('a Guide’s day and slot pages fit a 360 px phone with finger-sized targets', async ({ page }) => {
  await signIn(page, GUIDE);
  await expect(page.getByRole('list', { name: 'Tour slots' })).toBeVisible();
  await expectPhoneFriendly(page);
  // A booked slot (the timetable also lists departures nobody has booked yet, with 0 pax).
  await page
    .getByRole('list', { name: 'Tour slots' })
    .getByRole('link')
    .filter({ hasNotText: /(^|\D)0 (\/ \d+ )?pax/ })
    .first()
    .click();
  await expect(page.getByRole('list', { name: 'Bookings' })).toBeVisible();
  await expectPhoneFriendly(page);
});

test('a Manager’s team and account pages fit a 360 px phone', async ({ page }) => {
  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/bookings\/date\//);
  for (const path of ['/guides', '/account']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectPhoneFriendly(page);
  }
});
