import { expect, test, type Page } from '@playwright/test';
import catalogue from '../../src/locales/es.json';
import { englishAmong } from '../i18n/englishMessages';
import { DEMO_PASSWORD, signIn } from './fixtures';

const es = catalogue as Record<string, string>;

/** The texts a reader meets (text, labels, titles, placeholders, the tab's title), but what is marked as another language. */
function textsOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title.replace(/ · Tourdesk$/, '')];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // Text marked as another language is meant to read as it does; noscript and script are never shown.
    const meant = (node: Node) =>
      (node.parentElement?.closest('[lang]')?.getAttribute('lang') ?? 'es') !== 'es' ||
      node.parentElement?.closest('noscript, script, style') !== null;
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (!meant(node)) texts.push(node.nodeValue ?? '');
    document.querySelectorAll('[aria-label],[title],[placeholder],[alt]').forEach((element) => {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) texts.push(element.getAttribute(name) ?? '');
    });
    return texts;
  });
}

/** Opens each page and waits until no English message is left on it (the poll also waits out loading states). */
async function walk(page: Page, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(async () => englishAmong(await textsOnPage(page)), { message: path }).toEqual([]);
  }
}

test('a Manager who signs up in Spanish meets no English on any page', async ({ page }, testInfo) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Español' }).click();
  await page.getByLabel(es['Company name']!).fill(`Rutas de Madrid ${testInfo.project.name} ${Date.now()}`);
  await page.getByLabel(es['Email']!).fill(`duena-${testInfo.project.name}-${Date.now()}@spanish.test`);
  await page.getByLabel(es['Password']!).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: es['Sign up'] }).click();
  await expect(page).toHaveURL(/\/bookings\/date\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  const today = new URL(page.url()).pathname;
  const pages = ['/reports', '/fees', '/guides', '/shifts', '/settings', '/imports', '/account', '/billing'];
  await walk(page, [today, ...pages, '/no-such-page']);
});

test('the Spanish-speaking guide meets no English on the day, a slot, or their other pages', async ({ page }) => {
  await signIn(page, 'guia@demo.test');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const today = new URL(page.url()).pathname;
  const slot = await page.getByRole('list', { name: es['Tour slots'] }).getByRole('link').first().getAttribute('href');
  await walk(page, [today, slot!, '/shifts', '/guides', '/account', '/reports', '/settings']);
});
