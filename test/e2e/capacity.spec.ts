import { expect, test } from '@playwright/test';
import { addDays, format, parseISO } from 'date-fns';
import { MANAGER, signIn, todayInMadrid } from './fixtures';

// A departure's capacity holds at Add Booking: the seats left are shown, and only a Manager books past them.
test('a Manager fills the Sunset Boat Trip, is told the seats left, and books a party anyway', async ({
  page,
}, testInfo) => {
  // Past the demo's bookings, within its timetable (the boat takes 30), one day per browser project.
  const day = format(addDays(parseISO(todayInMadrid()), testInfo.project.name === 'tablet' ? 23 : 22), 'yyyy-MM-dd');
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/bookings\/date\//);
  await page.goto(`/bookings/date/${day}/18:00/Sunset%20Boat%20Trip`);
  await expect(page.getByText('0 / 30 pax · 30 seats left')).toBeVisible();

  await page.getByRole('button', { name: 'Add Booking' }).click();
  const add = page.getByRole('dialog', { name: 'Add booking' });
  await expect(add.getByText('30 seats left')).toBeVisible();
  // A walk-in for a departure weeks away has not come yet.
  await expect(add.getByRole('switch', { name: 'Checked in now' })).not.toBeChecked();
  await add.getByLabel('Name').fill(`School trip ${stamp}`);
  await add.getByRole('spinbutton', { name: 'Adults' }).fill('25');
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('25 / 30 pax · 5 seats left')).toBeVisible();

  await page.getByRole('button', { name: 'Add Booking' }).click();
  await add.getByLabel('Name').fill(`Family ${stamp}`);
  await add.getByRole('spinbutton', { name: 'Adults' }).fill('6');
  await expect(add.getByRole('alert')).toContainText('Only 5 seats left on this departure.');
  await add.getByRole('button', { name: 'Book anyway' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('31 / 30 pax · 1 over capacity')).toBeVisible();
});
