import { expect, test } from '@playwright/test';
import { nextDay } from '../../src/domain/slotRules';
import { MANAGER, expectNoSeriousA11yViolations, signIn, todayInMadrid } from './fixtures';
import { storedBooking } from './nearSlot';

// Issue 24: a Manager gives the company's website a key; the website's bookings then appear on the day by themselves.
// Issue 34: the key reaches its source only, and a cancellation of a booking with guests checked in is refused and
// shown to the Manager on the import page.
test('a Manager makes an API key for a source, a channel books with it, a check-in holds, and revoking it stops the channel', async ({
  page,
  request,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const keyName = `Website ${stamp}`;
  const guest = `Zoë Channel ${stamp}`;
  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/bookings\/date\//);
  await page.goto('/settings');

  const keys = page.getByRole('region', { name: 'Channel API keys' });
  await keys.getByRole('button', { name: 'New API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API key' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(keyName);
  await dialog.getByRole('group', { name: 'Sources' }).getByRole('checkbox', { name: 'Website' }).check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const secretField = page.getByRole('dialog', { name: `API key ${keyName} created` }).getByLabel('API key');
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^tdk_/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(keys.getByRole('listitem', { name: keyName }).getByText('Sources: Website')).toBeVisible();

  // A departure still to come, without a capacity: the channel's booking always fits.
  const day = nextDay(todayInMadrid());
  const headers = { authorization: `Bearer ${secret}` };
  const body = { name: guest, date: day, time: '10:00', tour: 'Old Town Walk', adults: 2, children: 1 };
  const put = () => request.put(`/api/v1/bookings/Website/W-${stamp}`, { headers, data: body });
  expect((await put()).status()).toBe(201);
  expect((await put()).status()).toBe(200);
  // Another source's booking is none of this key's.
  const other = await request.put(`/api/v1/bookings/Viator/W-${stamp}`, { headers, data: body });
  expect(other.status()).toBe(404);

  await page.goto(`/bookings/date/${day}/10:00/Old%20Town%20Walk`);
  const row = page.getByRole('listitem', { name: guest });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Website');
  await row.getByRole('switch', { name: 'Checked in' }).click();
  await expect(row.getByRole('switch', { name: 'Checked in' })).toBeChecked();
  // The switch shows the check-in at once; the channel's call must come after the server has it.
  await expect
    .poll(async () => (await storedBooking(page, guest))?.attendees)
    .toEqual([{ Adults: 2 }, { Children: 1 }]);

  // The channel cancels the booking the guests were checked in on: refused, and the Manager sees it.
  const cancel = await request.delete(`/api/v1/bookings/Website/W-${stamp}`, { headers });
  expect(cancel.status()).toBe(409);
  expect((await cancel.json()).code).toBe('CANCEL_CHECKED_IN');
  await page.goto('/imports');
  const refused = page.getByRole('region', { name: 'Refused: guests checked in' });
  const item = refused.getByRole('listitem', { name: `${guest} W-${stamp}` });
  await expect(item).toContainText('Cancellation refused');
  await expect(item).toContainText(`API key ${keyName}`);
  await expectNoSeriousA11yViolations(page);
  await item.getByRole('link', { name: guest }).click();
  await expect(page.getByRole('listitem', { name: guest }).getByRole('switch', { name: 'Checked in' })).toBeChecked();

  await page.goto('/settings');
  await keys.getByRole('button', { name: `Revoke ${keyName}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke ${keyName}?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText(`${keyName} revoked`)).toBeVisible();
  expect((await put()).status()).toBe(401);
});
