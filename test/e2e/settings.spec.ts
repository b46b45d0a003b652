import { expect, test } from '@playwright/test';
import { MANAGER, expectNoSeriousA11yViolations, signIn } from './fixtures';

// The demo's timetable has a row per tour and time, seven day buttons each: the scan covers them all.
test('Settings passes axe, and a departure added runs on the days picked, at a 24-hour time, from a d/m/yyyy day', async ({
  page,
}, testInfo) => {
  // Each browser project adds its own departure to the one server's timetable.
  const [hours, minutes] = testInfo.project.name === 'desktop' ? ['21', '15'] : ['21', '45'];
  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/bookings\/date\//);
  await page.goto('/settings');
  const timetable = page.getByRole('region', { name: 'Timetable' });
  const departures = timetable.getByRole('list', { name: 'Weekly departures' });
  await expect(departures.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const count = await departures.getByRole('listitem').count();
  await timetable.getByRole('button', { name: 'Add a departure' }).click();
  const row = departures.getByRole('listitem').nth(count);
  const save = timetable.getByRole('button', { name: 'Save timetable' });
  await expect(row.getByText('Pick at least one weekday')).toBeVisible();
  await expect(row.getByRole('button', { pressed: true })).toHaveCount(0);
  await expect(save).toBeDisabled();

  for (const day of ['Tue', 'Thu']) await row.getByRole('button', { name: day, exact: true }).click();
  await expect(row.getByRole('button', { pressed: true })).toHaveText(['Tue', 'Thu']);
  // Far ahead, so that no day page of the other tests shows it.
  await row.getByRole('group', { name: 'From' }).getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type('01012099');
  await row.getByRole('group', { name: 'Time' }).getByRole('spinbutton', { name: 'Hours' }).click();
  await page.keyboard.type(`${hours}${minutes}`);
  await expect(row.getByRole('group', { name: 'Time' })).toContainText(`${hours}:${minutes}`);
  await expect(row.getByRole('group', { name: 'From' })).toContainText('1/1/2099');
  await expectNoSeriousA11yViolations(page);

  await save.click();
  await expect(page.getByText('Timetable saved')).toBeVisible();
  await page.reload();
  const saved = departures.getByRole('listitem', { name: new RegExp(` at ${hours}:${minutes}$`) });
  await expect(saved).toHaveCount(1);
  await expect(saved.getByRole('button', { pressed: true })).toHaveText(['Tue', 'Thu']);
  await expect(saved.getByRole('group', { name: 'From' })).toContainText('1/1/2099');
});
