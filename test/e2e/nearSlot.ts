import { expect, type Page } from '@playwright/test';
import { todayInMadrid } from './fixtures';

/** The seed puts this party in the slot starting within the hour (server/seed.ts). */
export const NEAR_PARTY = 'Lena Fischer';

/** Opens the slot holding the near party from today's page: the only slots a Guide sees include it. */
export async function openNearSlot(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/bookings/date/${todayInMadrid()}$`));
  // Booked slots only: the timetable's departures nobody has booked show 0 pax.
  const cards = page
    .getByRole('list', { name: 'Tour slots' })
    .getByRole('link')
    .filter({ hasNotText: /(^|\D)0 (\/ \d+ )?pax/ });
  await expect(cards.first()).toBeVisible();
  const hrefs = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const href of hrefs.filter((h) => h.includes('Old%20Town%20Walk') || h.includes('Old Town Walk'))) {
    await page.goto(href);
    const row = page.getByRole('listitem', { name: NEAR_PARTY });
    const found = await row.waitFor({ state: 'visible', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (found) return;
  }
  throw new Error('no slot holds the near party');
}

/** The API's view of a booking, read with the signed-in user's token (what the server stored). */
export async function storedBooking(page: Page, name: string) {
  return page.evaluate(async (bookingName) => {
    const persisted = JSON.parse(localStorage.getItem('persist:auth') ?? '{}') as { user?: string };
    const token = (JSON.parse(persisted.user ?? 'null') as { token: string } | null)?.token;
    const path = decodeURIComponent(location.pathname).replace('/bookings/date/', '');
    const [day, time, ...tour] = path.split('/');
    const url = `/api/bookings/date/${day}/${encodeURIComponent(time ?? '')}/${encodeURIComponent(tour.join('/'))}`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as {
      bookings: Array<{ name: string; attendees: unknown; customers: unknown; cancelled: boolean }>;
    };
    return body.bookings.find((b) => b.name === bookingName);
  }, name);
}
