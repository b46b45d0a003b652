import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addDays, format, parseISO } from 'date-fns';
import { MANAGER, expectNoSeriousA11yViolations, signIn, todayInMadrid } from './fixtures';

/** The fees CSV's Viator count for the Royal Palace & Gardens today (0 when the tour has no row yet). */
async function viatorPalaceFee(page: Page): Promise<number> {
  await page.goto('/fees');
  await expect(page.getByRole('grid', { name: 'Fees' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const lines = readFileSync(await (await downloading).path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const header = (lines[0] ?? '').split(',');
  const row = lines.slice(1).find((line) => line.includes('Royal Palace & Gardens'));
  return row ? Number(row.split(',')[header.indexOf('Viator')]) : 0;
}

async function choose(page: Page, field: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

// Issue 24: a Manager brings in a channel's export; its bookings are on the day and in the fees once checked in.
test('a Manager imports a channel CSV: maps, previews, applies, and the bookings count in the fees', async ({
  page,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const day = todayInMadrid();
  const [y, m, d] = day.split('-');
  const guest = `Zoë Núñez ${stamp}`;
  const csv = [
    'Booking Ref;Lead Traveller;Travel Date;Start;Product;Adults;Children;Status',
    `T-${stamp}-1;${guest};${d}/${m}/${y};11:30;Royal Palace & Gardens;3;1;Confirmed`,
    `T-${stamp}-2;Jonas Berg ${stamp};${d}/${m}/${y};11:30;Royal Palace & Gardens;2;0;Confirmed`,
    `T-${stamp}-3;Ada Gone ${stamp};${d}/${m}/${y};11:30;Royal Palace & Gardens;2;0;Cancelled`,
    `T-${stamp}-4;Bo Wrong ${stamp};31/02/${y};11:30;Royal Palace & Gardens;2;0;Confirmed`,
  ].join('\r\n');
  const fileName = `palace-${stamp}.csv`;

  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/bookings\/date\//);
  const feeBefore = await viatorPalaceFee(page);

  await page.goto('/imports');
  await page.getByLabel('CSV file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('combobox', { name: 'Delimiter' })).toHaveText('Semicolon (;)');
  await choose(page, 'Source of the bookings', 'Viator');
  await choose(page, 'Booking ID', /^Booking Ref/);
  await choose(page, 'Name', /^Lead Traveller \(e\.g\. Zoë Núñez/);
  await choose(page, 'Date', /^Travel Date/);
  await choose(page, 'Time', /^Start/);
  await choose(page, 'Tour', /^Product/);
  await choose(page, 'Adults', /^Adults/);
  await choose(page, 'Children', /^Children/);
  await choose(page, 'Cancelled', /^Status/);
  await expect(page.getByRole('combobox', { name: 'Date format' })).toHaveText(/^dd\/MM\/yyyy/);

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('tab', { name: 'To create (2)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Unchanged (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Rejected (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('cell', { name: `Date: "31/02/${y}" is not a date as dd/MM/yyyy` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Import 2 bookings' }).click();
  await expect(page.getByText(`2 bookings imported from ${fileName}: 2 created`)).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent imports' });
  await expect(recent.getByText(`2 bookings imported from ${fileName} by`)).toBeVisible();

  await page.getByRole('link', { name: /^See / }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/date/${day}$`));
  await page.goto(`/bookings/date/${day}/11:30/Royal%20Palace%20%26%20Gardens`);
  const row = page.getByRole('listitem', { name: guest });
  await expect(row).toContainText('Viator');
  await expect(page.getByRole('listitem', { name: `Ada Gone ${stamp}` })).toHaveCount(0);
  await row.getByRole('switch', { name: 'Checked in' }).click();
  await expect(row.getByRole('switch', { name: 'Checked in' })).toBeChecked();

  await expect.poll(() => viatorPalaceFee(page)).toBe(feeBefore + 3);
});

// A channel names the tour its own way: the Manager says which tour it is once, and Settings shows it as another name.
test("a Manager gives a tour the name a channel's file uses, imports its rows, and sees the name in Settings", async ({
  page,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  // Past the demo's bookings (two weeks ahead), within its timetable: the Tapas Tour's 25 seats are free.
  const day = format(addDays(parseISO(todayInMadrid()), 21), 'yyyy-MM-dd');
  const [y, m, d] = day.split('-');
  const product = `Barcelona: Tapas Night ${stamp}`;
  const csv = [
    'Booking Ref;Lead Traveller;Travel Date;Start;Product;Adults',
    `N-${stamp}-1;Lía Ortega ${stamp};${d}/${m}/${y};19:30;${product};2`,
    `N-${stamp}-2;Max Roth ${stamp};${d}/${m}/${y};19:30;${product.toUpperCase()};1`,
  ].join('\r\n');

  await signIn(page, MANAGER);
  // Signed in once the day page opens: going on before that would find the login page.
  await expect(page).toHaveURL(/\/bookings\/date\//);
  await page.goto('/imports');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'night.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await choose(page, 'Source of the bookings', 'Viator');
  await choose(page, 'Booking ID', /^Booking Ref/);
  await choose(page, 'Name', /^Lead Traveller/);
  await choose(page, 'Date', /^Travel Date/);
  await choose(page, 'Time', /^Start/);
  await choose(page, 'Tour', /^Product/);
  await choose(page, 'Adults', /^Adults/);
  await page.getByRole('button', { name: 'Preview' }).click();

  const names = page.getByRole('region', { name: 'Tours this file names differently' });
  // Both rows name it, one in capitals: one name, 2 rows.
  await expect(names.getByRole('row').filter({ hasText: product })).toContainText(`${product}2`);
  await choose(page, `Tour for ${product}`, 'Tapas Tour');
  await expect(names).toHaveCount(0);
  await page.getByRole('button', { name: 'Import 2 bookings' }).click();
  await expect(page.getByText('2 bookings imported from night.csv: 2 created')).toBeVisible();

  await page.goto(`/bookings/date/${day}/19:30/Tapas%20Tour`);
  await expect(page.getByRole('listitem', { name: `Lía Ortega ${stamp}` })).toBeVisible();

  // Settings shows the name under the tour; removing it leaves the tour as it was.
  await page.goto('/settings');
  const tour = page.getByRole('region', { name: 'Tours' }).getByRole('listitem', { name: 'Tapas Tour' });
  await expect(tour).toContainText(product);
  await tour.getByRole('button', { name: 'Other names' }).click();
  const field = tour.getByRole('textbox', { name: 'Other names for Tapas Tour' });
  await field.fill(
    (await field.inputValue())
      .split('\n')
      .filter((line) => line !== product)
      .join('\n'),
  );
  await tour.getByRole('button', { name: 'Save' }).click();
  await expect(tour).not.toContainText(product);
});

// A file's columns are chosen once: the next file of its kind opens with them. A wrong import is undone the same day.
test('a Manager finds the columns of a previewed file again, imports it, then undoes the import', async ({
  page,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  // Past the demo's bookings, so the departure has seats whatever the day's demo data.
  const [y, m, d] = format(addDays(parseISO(todayInMadrid()), 22), 'yyyy-MM-dd').split('-');
  const guest = `Undo Guest ${stamp}`;
  const fileName = `website-${stamp}.csv`;
  const file = {
    name: fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from(
      ['Ref,Guest,Date,Time,Tour,Adults', `W-${stamp},${guest},${d}/${m}/${y},19:30,Tapas Tour,2`].join('\r\n'),
    ),
  };

  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/bookings\/date\//);
  await page.goto('/imports');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  // The page title is the largest heading, its sections' headings smaller, and theirs smaller still.
  const sizes = await page
    .locator('main')
    .locator('h1, h2, h3')
    .evaluateAll((headings) => headings.map((h) => [h.tagName, parseFloat(getComputedStyle(h).fontSize)] as const));
  const largest = (tag: string) => Math.max(...sizes.filter(([t]) => t === tag).map(([, size]) => size));
  expect(largest('H1')).toBeGreaterThan(largest('H2'));

  await page.getByLabel('CSV file').setInputFiles(file);
  await choose(page, 'Source of the bookings', 'Website');
  await choose(page, 'Name', /^Guest/);
  await expect(page.getByRole('heading', { level: 3, name: 'Columns' })).toBeVisible();
  const h3 = await page
    .getByRole('heading', { level: 3, name: 'Columns' })
    .evaluate((h) => getComputedStyle(h).fontSize);
  expect(parseFloat(h3)).toBeLessThan(largest('H2'));
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('tab', { name: 'To create (1)' }).click();
  await expect(page.getByRole('row', { name: new RegExp(guest) })).toContainText(`${Number(d)}/${Number(m)}/${y}`);

  // Another visit: the same kind of file opens with the columns chosen for it.
  await page.reload();
  await page.getByLabel('CSV file').setInputFiles(file);
  await expect(page.getByRole('combobox', { name: 'Source of the bookings', exact: true })).toHaveText('Website');
  await expect(page.getByRole('combobox', { name: 'Name', exact: true })).toHaveText(/^Guest/);
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Import 1 booking' }).click();
  await expect(page.getByText(`1 bookings imported from ${fileName}: 1 created`)).toBeVisible();

  const recent = page.getByRole('region', { name: 'Recent imports' });
  const item = recent.getByRole('listitem').filter({ hasText: fileName });
  await expect(item).toContainText('Can be undone until');
  await item.getByRole('button', { name: `Undo the import of ${fileName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Undo the import of ${fileName}?` });
  await expect(dialog).toContainText('The 1 booking it created will be cancelled');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText(`The import of ${fileName} was undone`)).toBeVisible();
  await expect(item).toContainText(/Undone \(by .+, \d{1,2}\/\d{1,2}\/\d{4} \d{2}:\d{2}\)/);
  await expect(item.getByRole('button', { name: /Undo/ })).toHaveCount(0);

  await page.goto(`/bookings/date/${y}-${m}-${d}/19:30/Tapas%20Tour`);
  await expect(page.getByRole('listitem', { name: guest })).toContainText('Cancelled');
});
