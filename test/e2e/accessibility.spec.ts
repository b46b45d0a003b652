import { expect, test, type Page } from '@playwright/test';
import { GUIDE, MANAGER, expectNoSeriousA11yViolations, signIn, todayInMadrid } from './fixtures';
import { openNearSlot } from './nearSlot';

// axe-core over every route, signed out, as a Guide and as a Manager, with the dialogs a person opens on them: no
// serious or critical violation anywhere. Each project runs it at its own size; the phone's drawer has its own test.

/** Opens `path` and waits for its page heading (or the sign-in form), so axe reads the page, not a spinner. */
async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(
    page
      .getByRole('heading', { level: 1 })
      .or(page.getByRole('button', { name: 'Login' }))
      .first(),
  ).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('signed out: login, signup and an unknown page', async ({ page }) => {
  for (const path of ['/login', '/signup', '/no-such-page']) {
    await openPage(page, path);
    await expectNoSeriousA11yViolations(page);
  }
});

test('a Guide: every page they can open, and the slot’s dialogs', async ({ page }) => {
  await signIn(page, GUIDE);
  await openNearSlot(page);
  await expectNoSeriousA11yViolations(page);
  const slot = page.url();

  await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  for (const path of [`/bookings/date/${todayInMadrid()}`, '/guides', '/shifts', '/account', '/reports', '/fees']) {
    await openPage(page, path);
    await expectNoSeriousA11yViolations(page);
  }
  await page.goto(slot);
  await expect(page.getByRole('switch').first()).toBeVisible();
});

test('a Manager: every page, and the dialogs of the day and the slot', async ({ page }) => {
  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/bookings\/date\//);
  for (const path of ['/reports', '/fees', '/guides', '/shifts', '/account', '/settings', '/imports', '/billing']) {
    await openPage(page, path);
    await expectNoSeriousA11yViolations(page);
  }
  await openPage(page, `/bookings/date/${todayInMadrid()}`);
  await openNearSlot(page);
  for (const name of ['Add Booking', 'Split', 'Edit']) {
    await page.getByRole('button', { name, exact: true }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
});

test('the phone’s navigation drawer is a named dialog with its links in a list', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/bookings\/date\//);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('list').getByRole('link', { name: 'Bookings' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the check-in switch shows where the keyboard is', async ({ page }) => {
  await signIn(page, GUIDE);
  await openNearSlot(page);
  const toggle = page.getByRole('switch').first();
  await toggle.focus();
  // Focus from the keyboard: a Tab away and back, so the browser counts it as keyboard focus.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  const ring = await toggle.evaluate((input) => {
    const track = input.closest('.MuiSwitch-root')?.querySelector('.MuiSwitch-track');
    const style = track ? getComputedStyle(track) : null;
    return style ? `${style.outlineStyle} ${style.outlineWidth}` : 'no track';
  });
  expect(ring).toBe('solid 3px');
});
