import { expect, test } from '@playwright/test';
import { MANAGER, collectConsoleErrors, expectNoSeriousA11yViolations, signIn, todayInMadrid } from './fixtures';

test.describe('signing in', () => {
  test('the demo Manager signs in and lands on today’s bookings in the company timezone', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(new RegExp(`/bookings/date/${todayInMadrid()}$`));
    await expect(page.getByRole('link', { name: 'Demo Tours' })).toBeVisible();
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });

  test('a wrong password shows the server’s error under the form', async ({ page }) => {
    await signIn(page, MANAGER, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-out visitor is sent to /login', async ({ page }) => {
    await page.goto('/reports');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a reload keeps the session', async ({ page }) => {
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.goto('/account');
    await page.reload();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByLabel('Old password')).toBeVisible();
  });

  test('a session whose access token has expired is renewed through the refresh cookie', async ({ page }) => {
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    // Age the stored access token: the app must refresh on load rather than use it or sign the user out.
    await page.evaluate(() => {
      const raw = localStorage.getItem('persist:auth');
      if (!raw) throw new Error('no persisted auth');
      const persisted = JSON.parse(raw) as { user: string };
      const user = JSON.parse(persisted.user) as { token: string };
      const [header, , signature] = user.token.split('.');
      const payload = btoa(JSON.stringify({ exp: 1 })).replace(/=+$/, '');
      user.token = `${header}.${payload}.${signature}`;
      persisted.user = JSON.stringify(user);
      localStorage.setItem('persist:auth', JSON.stringify(persisted));
    });
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByLabel('Old password')).toBeVisible();
  });

  test('signing out returns to /login and protected pages stay closed', async ({ page }) => {
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('login, today’s page and account have no serious accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await expectNoSeriousA11yViolations(page);
    await page.goto('/account');
    await expect(page.getByLabel('Old password')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
