import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { GUIDE, MANAGER, signIn, todayInMadrid } from './fixtures';

const FIRST_GUIDE = 'Gabriel Guide';
const SECOND_GUIDE = 'Gina Guide';

/** Each browser project gets its own empty slot today (the seed never uses these odd times). */
function splitSlotPath(project: string): string {
  const time = project === 'tablet' ? '07:10' : '07:05';
  return `/bookings/date/${todayInMadrid()}/${time}/Old%20Town%20Walk`;
}

async function addWalkIn(page: Page, name: string, adults: number): Promise<void> {
  await page.getByRole('button', { name: 'Add Booking' }).click();
  const add = page.getByRole('dialog', { name: 'Add booking' });
  await add.getByLabel('Name').fill(name);
  await add.getByRole('spinbutton', { name: 'Adults' }).fill(String(adults));
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('listitem', { name })).toBeVisible();
}

test.describe('guides on a slot', () => {
  test('a Manager splits 7 adults 4/3, edits to 5/1 with a warning and Split*, then the split follows the bookings assigned', async ({
    page,
  }, testInfo) => {
    const stamp = `${testInfo.project.name} ${Date.now()}`;
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.goto(splitSlotPath(testInfo.project.name));
    await addWalkIn(page, `Family A ${stamp}`, 4);
    await addWalkIn(page, `Family B ${stamp}`, 3);

    await page.getByRole('button', { name: 'Split', exact: true }).click();
    const split = page.getByRole('dialog', { name: 'Split between guides' });
    await split.getByRole('checkbox', { name: FIRST_GUIDE }).check();
    await split.getByRole('checkbox', { name: SECOND_GUIDE }).check();
    await expect(split.getByLabel(`Adults for ${FIRST_GUIDE}`)).toHaveValue('4');
    await expect(split.getByLabel(`Adults for ${SECOND_GUIDE}`)).toHaveValue('3');
    await split.getByRole('button', { name: 'Save' }).click();
    await expect(split).toBeHidden();
    await expect(page.getByText(`${FIRST_GUIDE}: 4 Adults`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Split', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Split', exact: true }).click();
    await split.getByLabel(`Adults for ${FIRST_GUIDE}`).fill('5');
    await split.getByLabel(`Adults for ${SECOND_GUIDE}`).fill('1');
    await expect(split.getByRole('alert').filter({ hasText: /do not match/ })).toBeVisible();
    await split.getByRole('button', { name: 'Save' }).click();
    await expect(split).toBeHidden();
    await expect(page.getByRole('button', { name: 'Split*' })).toBeVisible();
    await expect(page.getByText(`${SECOND_GUIDE}: 1 Adult`)).toBeVisible();

    await page.getByRole('button', { name: 'Assign bookings' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign bookings to guides' });
    await assign.getByRole('checkbox', { name: `Family A ${stamp}` }).check();
    await assign.getByRole('combobox', { name: 'Assign to' }).click();
    await page.getByRole('option', { name: FIRST_GUIDE }).click();
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    const firstGroup = assign.getByRole('group', { name: new RegExp(FIRST_GUIDE) });
    await expect(firstGroup.getByRole('checkbox', { name: `Family A ${stamp}` })).toBeVisible();
    const unassigned = assign.getByRole('group', { name: /Unassigned/ });
    await expect(unassigned.getByRole('checkbox', { name: `Family B ${stamp}` })).toBeVisible();
    await assign.getByRole('button', { name: 'Close' }).click();

    // Once a booking has a guide, each guide's count is their bookings' guests: 4, none, and 3 unassigned.
    await expect(page.getByText(`${FIRST_GUIDE}: 4 Adults`)).toBeVisible();
    await expect(page.getByText(`${SECOND_GUIDE}: No guests`)).toBeVisible();
    await expect(page.getByText('Unassigned: 3 Adults')).toBeVisible();
    await page.getByRole('button', { name: 'Split*' }).click();
    await expect(split.getByText(/Counts follow the bookings assigned to each guide/)).toBeVisible();
    await expect(split.getByRole('spinbutton')).toHaveCount(0);
    await split.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Assign bookings' }).click();
    await assign.getByRole('checkbox', { name: `Family B ${stamp}` }).check();
    await assign.getByRole('combobox', { name: 'Assign to' }).click();
    await page.getByRole('option', { name: SECOND_GUIDE }).click();
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await assign.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(`${SECOND_GUIDE}: 3 Adults`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Split', exact: true })).toBeVisible();
  });
});

test.describe('the team', () => {
  test('a Manager adds a guide and deletes them', async ({ page }, testInfo) => {
    const name = `Nora ${testInfo.project.name} ${Date.now()}`;
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.goto('/guides');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill(`nora-${Date.now()}@demo.test`);
    await page.getByLabel('Password').fill('nora-password');
    await page.getByRole('button', { name: 'Add guide' }).click();
    await expect(page.getByText('New guide successfully added')).toBeVisible();
    await expect(page.getByText(name)).toBeVisible();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Guide succesfully deleted')).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
  });
});

test.describe('the shift report', () => {
  test('a Manager downloads a guide’s shifts as CSV named with the guide and the range', async ({ page }) => {
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    // The split test above gave Gabriel Guide shifts today.
    await page.goto('/shifts');
    await page.getByRole('combobox', { name: 'Guide' }).click();
    await page.getByRole('option', { name: FIRST_GUIDE }).click();
    const grid = page.getByRole('grid', { name: 'Shifts' });
    await expect(grid.getByRole('row').filter({ hasText: 'Old Town Walk' }).first()).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    const today = todayInMadrid();
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^shifts-${FIRST_GUIDE}-\\d{4}-\\d{2}-\\d{2}-to-${today}\\.csv$`),
    );
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toContain('Date');
    expect(header).toContain('Tour');
    const [y, m, d] = today.split('-').map(Number);
    const todayShown = `${d}/${m}/${y}`;
    // The split followed the assignment: Gabriel led Family A's 4 adults.
    expect(rows.some((row) => row.includes(todayShown) && row.includes('Old Town Walk') && /,4\b/.test(row))).toBe(
      true,
    );
  });

  test('a Guide sees only their own shifts, with no guide picker', async ({ page }) => {
    await signIn(page, GUIDE);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    let asked: unknown;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/shift/guide-time-range')) asked = request.postDataJSON();
    });
    await page.goto('/shifts');
    const grid = page.getByRole('grid', { name: 'Shifts' });
    // Gabriel led today's 4 adults; Gina's 3 must not appear.
    const todays = grid.getByRole('row').filter({ hasText: 'Old Town Walk' });
    await expect(todays.first()).toBeVisible();
    await expect(todays.filter({ has: page.getByRole('gridcell', { name: '4', exact: true }) }).first()).toBeVisible();
    await expect(todays.filter({ has: page.getByRole('gridcell', { name: '3', exact: true }) })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Guide' })).toHaveCount(0);
    expect(asked).not.toHaveProperty('guide');
  });
});
