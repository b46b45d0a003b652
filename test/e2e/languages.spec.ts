import { expect, test, type Page } from '@playwright/test';
import catalogue from '../../src/locales/es.json';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn, todayInMadrid } from './fixtures';
import { NEAR_PARTY } from './nearSlot';

const es = catalogue as Record<string, string>;
const SPANISH_GUIDE = 'guia@demo.test';

/** Today's weekday in Madrid as the Spanish day page heads it ("Viernes"). */
function spanishWeekday(): string {
  const name = new Intl.DateTimeFormat('es-ES', { weekday: 'long', timeZone: 'Europe/Madrid' }).format(new Date());
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The near party's slot from the Spanish day page (nearSlot.ts does it in English). */
async function openNearSlotInSpanish(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/bookings/date/${todayInMadrid()}$`));
  const cards = page.getByRole('list', { name: es['Tour slots'] }).getByRole('link');
  await expect(cards.first()).toBeVisible();
  const hrefs = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const href of hrefs.filter((h) => h.includes('Old%20Town%20Walk'))) {
    await page.goto(href);
    const found = await page
      .getByRole('listitem', { name: NEAR_PARTY })
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (found) return;
  }
  throw new Error('no slot holds the near party');
}

test.describe('a Spanish-speaking guide on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('sees the day with "Hoy" and Spanish weekdays, checks a customer in and reads it in Spanish', async ({
    page,
  }) => {
    await signIn(page, SPANISH_GUIDE);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('link', { name: 'Hoy' })).toBeVisible();
    await expect(page.getByText(new RegExp(`^${spanishWeekday()}, \\d+ de \\p{L}+ de \\d{4}$`, 'u'))).toBeVisible();

    await openNearSlotInSpanish(page);
    const row = page.getByRole('listitem', { name: NEAR_PARTY });
    const toggle = row.getByRole('switch', { name: es['Checked in: {name}']!.replace('{name}', NEAR_PARTY) });
    // The browser projects and the other specs share one server: start from the party not checked in.
    if (await toggle.isChecked()) {
      await toggle.click();
      await expect(row.getByText(es['Not checked in']!, { exact: true })).toBeVisible();
    }
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(row.getByText(es['Checked in']!, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test('a Manager switches their own language in Account and the app changes without a reload', async ({
  page,
}, testInfo) => {
  // A company of its own: the demo Manager's language stays English for the other specs.
  const email = `owner-${testInfo.project.name}-${Date.now()}@languages.test`;
  await page.goto('/signup');
  await page.getByLabel('Company name').fill(`Idiomas Tours ${Date.now()}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/bookings\/date\//);

  await page.goto('/account');
  await page.evaluate(() => ((window as { loadedOnce?: boolean }).loadedOnce = true));
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Español' }).click();

  await expect(page.getByRole('heading', { name: 'Idioma' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await page.evaluate(() => (window as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
  // Kept on the server: a reload (a new device alike) comes back in Spanish.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Idioma' })).toBeVisible();
});

test.describe('a new visitor whose browser prefers Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('sees the login page in Spanish, and can switch it to English', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
