import { expect, test } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { expectNoSeriousA11yViolations, signIn, todayInMadrid } from './fixtures';

/** The quarter hour just begun in Madrid: a departure a Guide signing in now sees (60 minutes either side). */
function nearDeparture(): string {
  const now = new Date();
  const minutes = Math.floor(Number(formatInTimeZone(now, 'Europe/Madrid', 'm')) / 15) * 15;
  return `${formatInTimeZone(now, 'Europe/Madrid', 'HH')}:${String(minutes).padStart(2, '0')}`;
}

// The owner signs up from a browser in Madrid.
test.use({ timezoneId: 'Europe/Madrid' });

// Issue 21: a real operator's first day, from sign-up to a guide at the meeting point.
test('a new company sets itself up, books its first walk-in and its guide sees the departure on a phone', async ({
  page,
  browser,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const tour = `River Walk ${stamp}`;
  const near = nearDeparture();
  // Six hours away, the same day: outside a Guide's window, on the Manager's page.
  const other = `${String((Number(near.slice(0, 2)) + 6) % 24).padStart(2, '0')}:00`;

  const companyName = `River Tours ${stamp}`;
  await page.goto('/signup');
  await expect(page.getByLabel('Company name')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Company name').fill(companyName);
  await page.getByLabel('Email').fill(`owner-${stamp}@example.test`);
  await page.getByLabel('Password').fill('owner-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/bookings\/date\//);
  await expect(page.getByRole('banner')).toContainText(companyName);
  await expect(page.getByText('No tours yet.')).toBeVisible();
  // The browser is in Madrid (test.use below): sign-up took its zone, and the checklist asks to confirm it.
  const setup = page.getByRole('region', { name: 'Set up Tourdesk' });
  await expect(setup).toContainText('Time zone: Europe/Madrid (from this browser).');
  await expectNoSeriousA11yViolations(page);
  await setup.getByRole('button', { name: 'Confirm Europe/Madrid' }).click();
  await expect(setup.getByText('Set the company’s time zone')).toBeVisible();

  await page.goto('/settings');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Madrid');

  const tours = page.getByRole('region', { name: 'Tours' });
  await tours.getByRole('textbox', { name: 'New tour' }).fill(tour);
  await tours.getByRole('button', { name: 'Add' }).click();
  await expect(tours.getByRole('listitem', { name: tour })).toBeVisible();

  const timetable = page.getByRole('region', { name: 'Timetable' });
  for (const time of [near, other]) {
    await timetable.getByRole('button', { name: 'Add a departure' }).click();
    const departure = timetable.getByRole('list', { name: 'Weekly departures' }).getByRole('listitem').last();
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
      await departure.getByRole('button', { name: day, exact: true }).click();
    }
    await departure.getByRole('group', { name: 'Time' }).getByRole('spinbutton', { name: 'Hours' }).click();
    await page.keyboard.type(time.replace(':', ''));
    await expect(departure).toHaveAccessibleName(`${tour} at ${time}`);
  }
  await timetable.getByRole('button', { name: 'Save timetable' }).click();
  await expect(page.getByText('Timetable saved')).toBeVisible();

  const today = todayInMadrid();
  await page.goto(`/bookings/date/${today}`);
  const cards = page.getByRole('list', { name: 'Tour slots' }).getByRole('link');
  await expect(cards.filter({ hasText: tour })).toHaveCount(2);
  await expect(cards.filter({ hasText: tour }).filter({ hasText: '0 pax' })).toHaveCount(2);

  await page.getByRole('button', { name: 'Add Booking' }).click();
  await page.getByRole('combobox', { name: 'Departure' }).click();
  await page.getByRole('option', { name: `${near} · ${tour}` }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('First walk-in');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/date/${today}/${near}/`));
  await expect(page.getByRole('listitem', { name: 'First walk-in' })).toBeVisible();

  await page.goto('/guides');
  const guideEmail = `guide-${stamp}@example.test`;
  await page.getByLabel('Name').fill(`Guide ${stamp}`);
  await page.getByLabel('Email').fill(guideEmail);
  await page.getByLabel('Password').fill('guide-password');
  await page.getByRole('button', { name: 'Add guide' }).click();
  await expect(page.getByText('New guide successfully added')).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const guide = await phone.newPage();
  await signIn(guide, guideEmail, 'guide-password');
  await expect(guide).toHaveURL(new RegExp(`/bookings/date/${today}$`));
  const seen = guide.getByRole('list', { name: 'Tour slots' }).getByRole('link').filter({ hasText: tour });
  await expect(seen).toHaveCount(1);
  await expect(seen).toContainText(near);
  await expect(seen).toContainText('1 pax');
  await phone.close();
});
