import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { previousDay } from '../../src/domain/slotRules';
import { GUIDE, MANAGER, expectNoSeriousA11yViolations, signIn, todayInMadrid } from './fixtures';

async function selectAll(page: Page, label: 'Sources' | 'Tours'): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: 'Select all' }).click();
  await page.keyboard.press('Escape');
}

/** A column header by its text: on touch screens its accessible name also holds the column menu button's. */
function columnHeader(grid: Locator, text: string): Locator {
  return grid
    .getByRole('columnheader')
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
}

async function generate(page: Page, typeLabel: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Report type' }).click();
  await page.getByRole('option', { name: typeLabel }).click();
  await page.getByRole('button', { name: 'Generate' }).click();
}

async function downloadCsv(page: Page): Promise<{ name: string; header: string; rows: string[] }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header = '', ...rows] = text.slice(1).trim().split(/\r?\n/);
  return { name: download.suggestedFilename(), header, rows };
}

const NO_SHOW_COLUMNS = [
  'ID',
  'Source',
  'Name',
  'Tour',
  'Time',
  'No Show Adults',
  'No Show Teens',
  'No Show Children',
  'Tour Date',
];
const RESERVATION_COLUMNS = ['Booked on', 'ID', 'Source', 'Name', 'Tour', 'Tour Date', 'Pax', 'Cancelled'];

test.describe('reports and fees', () => {
  test('a Manager generates both reports on the demo data and downloads data.csv', async ({ page }) => {
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.goto('/reports');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('Both Source and Tour need to be selected')).toBeVisible();
    await selectAll(page, 'Sources');
    await selectAll(page, 'Tours');

    // The default range is yesterday to yesterday in the company's timezone.
    const yesterday = previousDay(todayInMadrid());
    const [y, m, d] = yesterday.split('-').map(Number);
    const shown = `${d}/${m}/${y}`;

    await generate(page, 'No-shows by tour date');
    const grid = page.getByRole('grid');
    for (const header of NO_SHOW_COLUMNS) await expect(columnHeader(grid, header)).toBeVisible();
    await expect(grid.getByRole('row').filter({ hasText: shown }).first()).toBeVisible();
    const noShows = await downloadCsv(page);
    expect(noShows.name).toBe('data.csv');
    expect(noShows.header).toBe([...NO_SHOW_COLUMNS, 'Reference'].join(','));
    expect(noShows.rows.length).toBeGreaterThan(0);
    expect(noShows.rows.every((row) => row.endsWith(`,${shown},`, row.length - 8))).toBe(true);

    await generate(page, 'Reservations by booking date');
    for (const header of RESERVATION_COLUMNS) await expect(columnHeader(grid, header)).toBeVisible();
    const reservations = await downloadCsv(page);
    expect(reservations.name).toBe('data.csv');
    expect(reservations.header).toBe([...RESERVATION_COLUMNS, 'Reference'].join(','));
    expect(reservations.rows.length).toBeGreaterThan(0);
    expect(reservations.rows.every((row) => row.startsWith(`${shown} `))).toBe(true);
  });

  test('a Manager switches the type after generating, and downloads the CSV of the type on screen', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.goto('/reports');
    await selectAll(page, 'Sources');
    await selectAll(page, 'Tours');
    await expect(page.getByRole('heading', { level: 1, name: 'No Shows' })).toBeVisible();
    await expect(page).toHaveTitle('No Shows · Tourdesk');
    await generate(page, 'No-shows by tour date');
    const grid = page.getByRole('grid', { name: 'Report' });
    await expect(columnHeader(grid, 'No Show Adults')).toBeVisible();
    const download = page.getByRole('button', { name: 'Download CSV' });
    await expect(download).toBeEnabled();

    await page.getByRole('combobox', { name: 'Report type' }).click();
    await page.getByRole('option', { name: 'Reservations by booking date' }).click();

    // The no-show report is gone from the screen, and cannot be downloaded under the other type's name.
    await expect(grid.getByText('The filters changed: Generate to see their report')).toBeVisible();
    await expect(columnHeader(grid, 'No Show Adults')).toHaveCount(0);
    await expect(download).toBeDisabled();

    await page.getByRole('button', { name: 'Generate' }).click();
    for (const header of RESERVATION_COLUMNS) await expect(columnHeader(grid, header)).toBeVisible();
    const reservations = await downloadCsv(page);
    expect(reservations.header).toBe([...RESERVATION_COLUMNS, 'Reference'].join(','));
  });

  test('a Manager lists only the no-shows, with their totals, and downloads just those', async ({ page }) => {
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.goto('/reports');
    await selectAll(page, 'Sources');
    await selectAll(page, 'Tours');
    await page.getByRole('checkbox', { name: 'Only no-shows' }).check();
    await page.getByRole('button', { name: 'Generate' }).click();

    const totals = page.getByRole('region', { name: 'No-show totals' });
    for (const type of ['Adults', 'Teens', 'Children']) await expect(totals.getByText(type)).toBeVisible();
    await expect(totals).toHaveAttribute('aria-busy', 'false');
    const csv = await downloadCsv(page);
    expect(csv.header).toBe([...NO_SHOW_COLUMNS, 'Reference'].join(','));
    // Each row ends with its no-shows per type, the tour date and the reference: at least one of the three is above zero.
    const missing = csv.rows.map((row) => {
      const [, adults, teens, children] = /,(\d+),(\d+),(\d+),\d+\/\d+\/\d+,[2-9A-Z]{8}$/.exec(row) ?? [];
      return Number(adults) + Number(teens) + Number(children);
    });
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.every((count) => count > 0)).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test('a Manager downloads the fee table named with the type and the date', async ({ page }) => {
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.goto('/fees');
    const grid = page.getByRole('grid', { name: 'Fees' });
    for (const header of ['Date', 'Tour', 'Walkin', 'GetYourGuide', 'Viator', 'Website', 'Manual']) {
      await expect(columnHeader(grid, header)).toBeVisible();
    }
    await expect(page.getByText('The counts are checked-in guests', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('combobox', { name: 'Customer type' }).click();
    await page.getByRole('option', { name: 'Children' }).click();
    const fees = await downloadCsv(page);
    expect(fees.name).toBe(`fees-Children-${todayInMadrid()}.csv`);
    expect(fees.header).toContain('Tour');
  });

  test('a Guide has no report links, and is told the pages are for Managers, with the way back', async ({ page }) => {
    await signIn(page, GUIDE);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    // In the bar on a desktop, in the drawer on a tablet.
    const menu = page.getByRole('button', { name: 'Open navigation' });
    if (await menu.isVisible()) await menu.click();
    const nav = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
    await expect(nav.getByRole('link', { name: 'Team' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Fees' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'No Shows' })).toHaveCount(0);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await page.goto('/fees');
    await expect(page.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible();
    await expect(page.getByText('Fees is for Managers only.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to today’s bookings' }).click();
    await expect(page).toHaveURL(/\/bookings\/date\//);
    expect(refused).toEqual([]);
  });
});
