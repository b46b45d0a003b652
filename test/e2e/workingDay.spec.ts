import { expect, test } from '@playwright/test';
import { GUIDE, MANAGER, expectNoSeriousA11yViolations, signIn } from './fixtures';
import { NEAR_PARTY, openNearSlot, storedBooking } from './nearSlot';

test.describe('a Guide on a phone at the meeting point of a big group', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('finds a guest of a 38-guest slot by name and by phone, then clears the search', async ({ page }) => {
    await signIn(page, GUIDE);
    await openNearSlot(page);
    const list = page.getByRole('list', { name: 'Bookings' });
    const all = await list.getByRole('listitem').count();
    expect(all).toBeGreaterThan(8);

    const search = page.getByRole('searchbox', { name: 'Find a booking' });
    await search.fill('LENA fisch');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem', { name: NEAR_PARTY })).toBeVisible();
    await expect(page.getByText(`1 of ${all} bookings match`)).toBeVisible();

    await search.fill('2345678');
    await expect(list.getByRole('listitem', { name: NEAR_PARTY })).toBeVisible();

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(all);

    // Scrolled to the end of the list, the search is still on screen.
    await list.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await expect(search).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
  });

  test('adds a walk-in that arrives checked in, first in the list', async ({ page }, testInfo) => {
    const walkIn = `Zz Walk-in ${testInfo.project.name} ${Date.now()}`;
    await signIn(page, GUIDE);
    await openNearSlot(page);

    await page.getByRole('button', { name: 'Add Booking' }).click();
    const add = page.getByRole('dialog', { name: 'Add booking' });
    await add.getByLabel('Name').fill(walkIn);
    await add.getByRole('button', { name: 'More adults' }).click();
    await expect(add.getByRole('spinbutton', { name: 'Adults' })).toHaveValue('2');
    await expect(add.getByRole('switch', { name: 'Checked in now' })).toBeChecked();
    await add.getByRole('button', { name: 'Create' }).click();

    await expect(page.getByText(`${walkIn} added and checked in`)).toBeVisible();
    await expect(add).toBeHidden();
    const first = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').first();
    await expect(first).toHaveAccessibleName(walkIn);
    await expect(first.getByRole('switch', { name: `Checked in: ${walkIn}` })).toBeChecked();
    expect(await storedBooking(page, walkIn)).toMatchObject({
      customers: [{ Adults: 2 }],
      attendees: [{ Adults: 2 }],
    });
  });
});

test.describe('a Manager at the desk', () => {
  test('changes "5 adults" into "4 adults + 1 child"', async ({ page }, testInfo) => {
    const party = `Party of five ${testInfo.project.name} ${Date.now()}`;
    await signIn(page, MANAGER);
    await openNearSlot(page);

    await page.getByRole('button', { name: 'Add Booking' }).click();
    const add = page.getByRole('dialog', { name: 'Add booking' });
    await add.getByLabel('Name').fill(party);
    await add.getByRole('spinbutton', { name: 'Adults' }).fill('5');
    await add.getByRole('button', { name: 'Create' }).click();
    await expect(add).toBeHidden();

    const row = page.getByRole('listitem', { name: party });
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit booking' });
    await edit.getByRole('spinbutton', { name: 'Adults' }).fill('4');
    await edit.getByRole('spinbutton', { name: 'Children' }).fill('1');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    // The five were checked in as they arrived: four adults stay checked in, the child is still to come.
    await expect(row.getByText('Adults 4 of 4 · Children 0 of 1')).toBeVisible();
    await expect
      .poll(async () => (await storedBooking(page, party))?.customers)
      .toEqual([{ Adults: 4 }, { Children: 1 }]);
  });
});

test.describe('a Manager printing a manifest', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the slot as a table and prints it without the navigation', async ({ page }) => {
    await signIn(page, MANAGER);
    await openNearSlot(page);
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    const manifest = page.getByRole('table', { name: 'Manifest' });
    await expect(manifest.getByRole('row', { name: new RegExp(NEAR_PARTY) })).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    await expect(manifest).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Old Town Walk' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Nearby tours' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Booking' })).toBeHidden();
    await expect(page.getByRole('searchbox', { name: 'Find a booking' })).toBeHidden();
    // Whose list and when, and a box to tick per booking, on paper only.
    await expect(page.getByText(/^Demo Tours · printed \d{1,2}\/\d{1,2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
    await expect(manifest.getByRole('columnheader', { name: 'Tick' })).toBeVisible();

    await page.emulateMedia({ media: 'screen' });
    await expect(manifest.getByRole('columnheader', { name: 'Tick' })).toBeHidden();
    // The desk's choice of the table holds on the next visit.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Manifest' })).toBeVisible();
  });
});
