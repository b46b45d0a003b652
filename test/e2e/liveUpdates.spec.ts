import { expect, test } from '@playwright/test';
import { TOUR_COLOR_HEX } from '../../src/components/tourLook';
import { GUIDE, MANAGER, signIn } from './fixtures';
import { openNearSlot } from './nearSlot';

// Two devices on one slot: what one does shows on the other without a reload, and the history says who did it.
test('a Manager at the desk sees a Guide’s check-in on a tablet within a second, and its history names the Guide', async ({
  browser,
}, testInfo) => {
  const walkIn = `Live walk-in ${testInfo.project.name} ${Date.now()}`;
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true });
  const manager = await desk.newPage();
  const guide = await tablet.newPage();
  try {
    await signIn(guide, GUIDE);
    await openNearSlot(guide);
    await signIn(manager, MANAGER);
    await expect(manager).toHaveURL(/\/bookings\/date\//);
    await manager.goto(guide.url());

    // The Manager's walk-in reaches the Guide's open page.
    await manager.getByRole('button', { name: 'Add Booking' }).click();
    const add = manager.getByRole('dialog', { name: 'Add booking' });
    await add.getByLabel('Name').fill(walkIn);
    await add.getByRole('spinbutton', { name: 'Adults' }).fill('2');
    await add.getByRole('button', { name: 'Create' }).click();
    await expect(add).toBeHidden();
    const guideRow = guide.getByRole('listitem', { name: walkIn });
    await expect(guideRow).toBeVisible({ timeout: 2_000 });

    // A walk-in arrives checked in. The Guide checks the party out and in again; the Manager's page follows each
    // time without a reload.
    const guideToggle = guideRow.getByRole('switch', { name: 'Checked in' });
    const managerToggle = manager.getByRole('listitem', { name: walkIn }).getByRole('switch', { name: 'Checked in' });
    await expect(guideToggle).toBeChecked();
    await expect(managerToggle).toBeChecked();
    await guideToggle.click();
    await expect(guideToggle).not.toBeChecked();
    await expect(managerToggle).not.toBeChecked({ timeout: 1_000 });
    await guideToggle.click();
    await expect(guideToggle).toBeChecked();
    await expect(managerToggle).toBeChecked({ timeout: 1_000 });

    await manager.getByRole('button', { name: `History of ${walkIn}` }).click();
    const history = manager.getByRole('dialog', { name: new RegExp(walkIn) });
    await expect(history.getByText(/Checked in 2 of 2 · by Gabriel Guide/)).toBeVisible();
    await expect(history.getByText(/Checked in 0 of 2 · by Gabriel Guide/)).toBeVisible();
    await expect(history.getByText(/Added · by Marta Manager/)).toBeVisible();
  } finally {
    await desk.close();
    await tablet.close();
  }
});

// The company is server data: a Manager's change reaches a Guide's open page through the live stream, no reload.
test('a tour colour a Manager changes at the desk shows on a Guide’s open day page', async ({ browser }, testInfo) => {
  const color = testInfo.project.name === 'tablet' ? 'black' : 'brown';
  const hex = TOUR_COLOR_HEX[color];
  const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const manager = await desk.newPage();
  const guide = await phone.newPage();
  try {
    await signIn(guide, GUIDE);
    const card = guide
      .getByRole('list', { name: 'Tour slots' })
      .getByRole('listitem')
      .filter({ hasText: 'Old Town Walk' })
      .first();
    await expect(card).toBeVisible();
    await expect(card).not.toHaveCSS('border-left-color', rgb);

    await signIn(manager, MANAGER);
    await expect(manager).toHaveURL(/\/bookings\/date\//);
    await manager.goto('/account');
    const tour = manager.getByRole('group', { name: 'Old Town Walk' });
    await tour.getByRole('combobox', { name: 'Colour' }).click();
    await manager.getByRole('option', { name: new RegExp(color, 'i') }).click();
    await expect(tour.getByRole('combobox', { name: 'Colour' })).toContainText(new RegExp(color, 'i'));

    await expect(card).toHaveCSS('border-left-color', rgb, { timeout: 3_000 });
  } finally {
    await desk.close();
    await phone.close();
  }
});
