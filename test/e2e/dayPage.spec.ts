import { expect, test, type Locator, type Page } from '@playwright/test';
import { nextDay, previousDay } from '../../src/domain/slotRules';
import { MANAGER, book, expectNoSeriousA11yViolations, signIn, todayInMadrid } from './fixtures';

const dayUrl = (day: string) => new RegExp(`/bookings/date/${day}$`);
/** The date button's name for a day: its d/m/yyyy. */
const chooserFor = (page: Page, day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return page.getByRole('button', { name: `Choose a date, ${date}/${month}/${year}` });
};

const outlineOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).outlineStyle);

test.describe('the day page', () => {
  test('a Manager moves between days from the keyboard: chevrons, Today and the calendar', async ({ page }) => {
    const today = todayInMadrid();
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(dayUrl(today));
    const todayLink = page.getByRole('link', { name: 'Today' });
    await expect(todayLink).toHaveAttribute('aria-current', 'date');

    await todayLink.focus();
    await page.keyboard.press('Shift+Tab');
    const previous = page.getByRole('link', { name: 'Previous day' });
    await expect(previous).toBeFocused();
    expect(await outlineOf(previous)).toBe('solid');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(dayUrl(previousDay(today)));
    await expect(todayLink).not.toHaveAttribute('aria-current');

    await page.keyboard.press('Tab');
    await expect(todayLink).toBeFocused();
    expect(await outlineOf(todayLink)).toBe('solid');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(dayUrl(today));

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(chooserFor(page, today)).toBeFocused();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Choose a date' });
    const dayOfMonth = String(Number(today.slice(8)));
    await expect(calendar.getByRole('gridcell', { name: dayOfMonth, exact: true })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(dayUrl(nextDay(today)));
    await expect(calendar).toBeHidden();
    await expect(chooserFor(page, nextDay(today))).toBeFocused();
  });

  test('a tour without a flag lines up with the flagged ones, on a 360 px phone', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // A day the demo data leaves empty, one per browser project (they share the server).
    const day = testInfo.project.name === 'tablet' ? '2031-03-04' : '2031-03-03';
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await book(page, day, '18:00', 'Sunset Boat Trip');
    await book(page, day, '19:30', 'Tapas Tour');

    await page.goto(`/bookings/date/${day}`);
    const cards = page.getByRole('list', { name: 'Tour slots' }).getByRole('link');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1).getByRole('img', { name: 'Spanish' })).toBeVisible();
    await expect(cards.nth(0).getByRole('img')).toHaveCount(0);
    const boat = await cards.nth(0).getByText('Sunset Boat Trip').boundingBox();
    const tapas = await cards.nth(1).getByText('Tapas Tour').boundingBox();
    expect(boat?.x).toBeGreaterThan(0);
    expect(boat?.x).toBe(tapas?.x);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const control of [
      page.getByRole('link', { name: 'Previous day' }),
      page.getByRole('link', { name: 'Today' }),
      page.getByRole('link', { name: 'Next day' }),
      page.getByRole('button', { name: /^Choose a date, / }),
    ]) {
      expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    await expectNoSeriousA11yViolations(page);
  });
});
