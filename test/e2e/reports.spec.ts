import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { previousDay } from '../../src/domain/slotRules';
import { GUIDE, MANAGER, signIn, todayInMadrid } from './fixtures';

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
    for (const header of ['ID', 'Source', 'Name', 'Tour', 'Time', 'No Show Adults', 'No Show Children', 'Tour Date']) {
      await expect(columnHeader(grid, header)).toBeVisible();
    }
    await expect(grid.getByRole('row').filter({ hasText: shown }).first()).toBeVisible();
    const noShows = await downloadCsv(page);
    expect(noShows.name).toBe('data.csv');
    expect(noShows.header).toBe('ID,Source,Name,Tour,Time,No Show Adults,No Show Children,Tour Date');
    expect(noShows.rows.length).toBeGreaterThan(0);
    expect(noShows.rows.every((row) => row.endsWith(`,${shown}`))).toBe(true);

    await generate(page, 'Reservations by booking date');
    for (const header of ['Booked on', 'ID', 'Source', 'Name', 'Tour', 'Tour Date', 'Pax']) {
      await expect(columnHeader(grid, header)).toBeVisible();
    }
    const reservations = await downloadCsv(page);
    expect(reservations.name).toBe('data.csv');
    expect(reservations.header).toBe('Booked on,ID,Source,Name,Tour,Tour Date,Pax');
    expect(reservations.rows.length).toBeGreaterThan(0);
    expect(reservations.rows.every((row) => row.startsWith(`${shown} `))).toBe(true);
  });

  test('a Manager downloads the fee table named with the type and the date', async ({ page }) => {
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.goto('/fees');
    const grid = page.getByRole('grid', { name: 'Fees' });
    for (const header of ['Date', 'Tour', 'Walkin', 'GetYourGuide', 'Viator', 'Website', 'Manual']) {
      await expect(columnHeader(grid, header)).toBeVisible();
    }
    await page.getByRole('combobox', { name: 'Customer type' }).click();
    await page.getByRole('option', { name: 'Children' }).click();
    const fees = await downloadCsv(page);
    expect(fees.name).toBe(`fees-Children-${todayInMadrid()}.csv`);
    expect(fees.header).toContain('Tour');
  });

  test('a Guide is told reports are not for them', async ({ page }) => {
    await signIn(page, GUIDE);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.goto('/fees');
    await expect(page.getByText("You don't have the required permission")).toBeVisible();
  });
});
