import { expect, test } from '@playwright/test';
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
