import { expect, test } from '@playwright/test';
import { TOUR_COLOR_HEX } from '../../src/components/tourLook';
import { GUIDE, MANAGER, expectNoSeriousA11yViolations, signIn } from './fixtures';
import { NEAR_PARTY, openNearSlot, storedBooking } from './nearSlot';

test.describe('a Guide at the meeting point, on a tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

  test('partly checks in a booking of today’s near slot', async ({ page }) => {
    await signIn(page, GUIDE);
    await openNearSlot(page);
    const row = page.getByRole('listitem', { name: NEAR_PARTY });
    // Both browser projects share one server: undo an earlier run's check-in first (the toggle sends zeros).
    const toggle = row.getByRole('switch', { name: 'Checked in' });
    if (await toggle.isChecked()) {
      await toggle.click();
      await expect(toggle).not.toBeChecked();
    }
    await row.getByRole('button', { name: 'Choose who came' }).click();
    await row
      .getByRole('radiogroup', { name: /Adults/ })
      .getByLabel('2', { exact: true })
      .check();
    await row.getByRole('button', { name: 'Check-in' }).click();
    await expect(row.getByText('Select a value for each customer type to check in')).toBeVisible();
    await row
      .getByRole('radiogroup', { name: /Children/ })
      .getByLabel('0', { exact: true })
      .check();
    await row.getByRole('button', { name: 'Check-in' }).click();
    await expect(row.getByRole('button', { name: 'Check-in' })).toBeHidden();
    await expect(row.getByRole('switch', { name: 'Checked in' })).toBeChecked();
    expect((await storedBooking(page, NEAR_PARTY))?.attendees).toEqual([{ Adults: 2 }, { Children: 0 }]);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('a Manager at the desk', () => {
  test('adds a walk-in, edits it and cancels it', async ({ page }, testInfo) => {
    const walkIn = `Walk-in ${testInfo.project.name} ${Date.now()}`;
    await signIn(page, MANAGER);
    await openNearSlot(page);

    await page.getByRole('button', { name: 'Add Booking' }).click();
    const add = page.getByRole('dialog', { name: 'Add booking' });
    await add.getByLabel('Name').fill(walkIn);
    await add.getByRole('spinbutton', { name: 'Adults' }).fill('2');
    await add.getByRole('button', { name: 'Create' }).click();
    await expect(add).toBeHidden();
    const row = page.getByRole('listitem', { name: walkIn });
    await expect(row.getByText('Manually added')).toBeVisible();

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit booking' });
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await edit.getByRole('spinbutton', { name: 'Adults' }).fill('3');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect.poll(async () => (await storedBooking(page, walkIn))?.customers).toEqual([{ Adults: 3 }]);

    await row.getByRole('button', { name: 'Edit' }).click();
    await edit.getByRole('radiogroup', { name: 'Cancel Booking' }).getByLabel('Yes').check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByText('Cancelled')).toBeVisible();
    expect((await storedBooking(page, walkIn))?.cancelled).toBe(true);
  });

  test('writes a 150-character note and toggles Show more', async ({ page }) => {
    const note = `Meeting point moved to the north gate. ${'Bring water and sun cream. '.repeat(5)}`.slice(0, 150);
    expect(note).toHaveLength(150);
    await signIn(page, MANAGER);
    await openNearSlot(page);
    // Both browser projects share one server: the other may have written the slot's note already.
    await page.getByRole('button', { name: /^(Add|Edit) note$/ }).click();
    await page.getByRole('textbox', { name: 'Note' }).fill(note);
    await page.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('region', { name: 'Note' });
    await expect(saved).toContainText(`${note.slice(0, 97)}...`);
    await expect(saved).not.toContainText(note);
    await saved.getByRole('button', { name: 'Show more' }).click();
    await expect(saved).toContainText(note);
    await saved.getByRole('button', { name: 'Show less' }).click();
    await expect(saved).not.toContainText(note);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Note' })).toContainText(note.slice(0, 97));
  });

  test('changes a tour colour and sees it on the day page', async ({ page }, testInfo) => {
    const color = testInfo.project.name === 'tablet' ? 'green' : 'pink';
    await signIn(page, MANAGER);
    await expect(page).toHaveURL(/\/bookings\/date\//);
    await page.goto('/account');
    const tour = page.getByRole('group', { name: 'Old Town Walk' });
    await tour.getByRole('combobox', { name: 'Colour' }).click();
    await page.getByRole('option', { name: new RegExp(color, 'i') }).click();
    await expect(tour.getByRole('combobox', { name: 'Colour' })).toContainText(new RegExp(color, 'i'));
    // Client-side navigation, so the card must follow the stored company without a reload.
    const openNavigation = page.getByRole('button', { name: 'Open navigation' });
    if (await openNavigation.isVisible()) await openNavigation.click();
    await page.getByRole('link', { name: 'Bookings' }).filter({ visible: true }).first().click();
    const card = page
      .getByRole('list', { name: 'Tour slots' })
      .getByRole('listitem')
      .filter({ hasText: 'Old Town Walk' });
    const hex = TOUR_COLOR_HEX[color];
    const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    await expect(card.first()).toHaveCSS('border-left-color', rgb);
  });
});
