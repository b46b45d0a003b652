import { expect, test, type Locator, type Page } from '@playwright/test';
import { nextDay } from '../../src/domain/slotRules';
import { GUIDE, MANAGER, book, signIn, todayInMadrid } from './fixtures';
import { openNearSlot } from './nearSlot';

/** True when the element shows all of its text: nothing cut off or ellipsised on either axis. */
const showsAllText = (locator: Locator) =>
  locator.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);

/** Inside the page's width: neither past its right edge nor making the page scroll sideways. */
async function expectWithinWidth(page: Page, locator: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  const box = await locator.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Every header the grid shows whole, at its start and scrolled to its end (it scrolls sideways when too wide). */
async function expectGridHeadersWhole(page: Page, grid: Locator) {
  await expectWithinWidth(page, grid);
  const scroller = grid.locator('.MuiDataGrid-virtualScroller');
  for (const end of [false, true]) {
    await scroller.evaluate((el, toEnd) => el.scrollTo({ left: toEnd ? el.scrollWidth : 0 }), end);
    const titles = grid.locator('.MuiDataGrid-columnHeaderTitle');
    await expect(titles.first()).toBeVisible();
    for (const title of await titles.all()) {
      expect({ header: await title.textContent(), whole: await showsAllText(title) }).toMatchObject({ whole: true });
    }
  }
  const lastHeader = grid.getByRole('columnheader').last();
  await expectWithinWidth(page, lastHeader);
}

test.describe('a phone 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("keeps the company's name whole beside the sync pill", async ({ page, context }) => {
    await signIn(page, MANAGER);
    await openNearSlot(page);
    const banner = page.getByRole('banner');
    const brand = banner.getByRole('link', { name: 'Demo Tours' });
    const check = page.getByRole('list', { name: 'Bookings' }).getByRole('switch').first();
    const before = await check.isChecked();
    await context.setOffline(true);
    try {
      await check.click();
      const pill = banner.getByRole('status', { name: 'Sync' });
      await expect(pill).toHaveText('Offline · 1 waiting');
      expect(await showsAllText(brand)).toBe(true);
      await expectWithinWidth(page, pill);
      await expectWithinWidth(page, banner.getByRole('button', { name: 'Account menu' }));
      // Taken back: once online the two changes leave the booking as it was.
      await check.click();
    } finally {
      await context.setOffline(false);
    }
    await expect(check).toBeChecked({ checked: before });
    await expect(banner.getByRole('status', { name: 'Sync' })).toBeHidden();
  });

  test("shows a Guide's shifts with every column whole or a sideways scroll away", async ({ page }) => {
    await signIn(page, GUIDE);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.goto('/shifts');
    await expectGridHeadersWhole(page, page.getByRole('grid', { name: 'Shifts' }));
  });

  test("shows a Manager's fees of every type with every column whole or a sideways scroll away", async ({ page }) => {
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.goto('/fees');
    await page.getByRole('combobox', { name: 'Customer type' }).click();
    await page.getByRole('option', { name: 'All types' }).click();
    const grid = page.getByRole('grid', { name: 'Fees' });
    await expect(grid.getByRole('columnheader', { name: 'Type' })).toBeVisible();
    await expectGridHeadersWhole(page, grid);
  });
});

test.describe('a phone 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('shows a nearby slot of a long tour name whole on the screen, not cut at its edge', async ({ page }, info) => {
    // A day of its own, past the demo data, per project: the two slots are the only ones that day.
    let day = todayInMadrid();
    for (let i = 0; i < (info.project.name === 'desktop' ? 40 : 41); i++) day = nextDay(day);
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await book(page, day, '10:00', 'Old Town Walk');
    await book(page, day, '10:10', 'Hop-On Harbour Cruise');
    await page.goto(`/bookings/date/${day}/10:00/Old%20Town%20Walk`);

    const link = page
      .getByRole('navigation', { name: 'Nearby tours' })
      .getByRole('link', { name: 'Hop-On Harbour Cruise · 2 pax' });
    await expect(link).toBeVisible();
    await expectWithinWidth(page, link);
    await expect(link).toContainText('2 pax');
  });
});
