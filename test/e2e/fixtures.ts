import { readFileSync } from 'node:fs';
import { formatInTimeZone } from 'date-fns-tz';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'tourdesk-demo';
export const MANAGER = 'manager@demo.test';
export const GUIDE = 'guide@demo.test';

export function todayInMadrid(): string {
  return formatInTimeZone(new Date(), 'Europe/Madrid', 'yyyy-MM-dd');
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Books a party through the API with the signed-in Manager's token, as the Add booking dialog would. */
export async function book(page: Page, date: string, time: string, tour: string): Promise<void> {
  const status = await page.evaluate(
    async (booking) => {
      const persisted = JSON.parse(localStorage.getItem('persist:auth') ?? '{}') as { user?: string };
      const token = (JSON.parse(persisted.user ?? 'null') as { token: string } | null)?.token;
      const res = await fetch('/api/bookings/add-booking', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...booking, name: `Party of ${booking.tour}`, customers: [{ Adults: 2 }] }),
      });
      return res.status;
    },
    { date, time, tour },
  );
  expect(status).toBe(201);
}

const axeSource = readFileSync(require.resolve('axe-core'), 'utf8');

/** Collects the page's console errors, so a CSP violation or a crash fails the test. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Runs axe-core in the page and fails on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Evaluated through the DevTools protocol, which the page's strict CSP (no inline scripts) does not block.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string; nodes: Array<{ target: string[]; failureSummary?: string }> };
    const { axe } = window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } };
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} – ${n.failureSummary ?? ''}`).join('; ')}`,
      );
  });
  expect(violations).toEqual([]);
}
