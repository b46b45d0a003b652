// The pieces bench/lighthouse.mjs and bench/checkin-latency.mjs share: the real server (built as `npm start` builds
// it) on a fresh data dir with the demo company, Debian's Chromium with a DevTools port, and a signed-in Guide.
/* global fetch -- Node 20's */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { launch } from 'chrome-launcher';
import { chromium } from 'playwright-core';

export const GUIDE = 'guide@demo.test';
const DEMO_PASSWORD = 'tourdesk-demo'; // README.md, server/seed.ts
/** The seed puts this party in today's slot that starts within the hour (test/e2e/slot.spec.ts). */
export const NEAR_PARTY = 'Lena Fischer';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts `node scripts/start.mjs` (rebuilding the web app and the server if their sources changed). */
export async function startServer(port = Number(process.env.BENCH_PORT ?? 3200)) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tourdesk-bench-'));
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer within 4 minutes');
    const ok = await fetch(`${baseUrl}/login`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await sleep(500);
  }
  return {
    baseUrl,
    async stop() {
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium with a DevTools port, driven by Playwright and Lighthouse alike. */
export async function startChromium() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install Debian's (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  return {
    port: chrome.port,
    browser,
    /** The default context: its cookies and storage are the ones Lighthouse's tabs see. */
    context: browser.contexts()[0],
    async stop() {
      await browser.close().catch(() => {});
      chrome.kill();
    },
  };
}

/** Signs in through the login form; the refresh cookie and the persisted user then serve every later tab. */
export async function signIn(page, baseUrl, email = GUIDE) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/bookings\/date\/\d{4}-\d{2}-\d{2}$/);
  return page.url();
}

/** From today's page, the address of the slot holding the seed's near party. */
export async function nearSlotUrl(page) {
  const cards = page.getByRole('list', { name: 'Tour slots' }).getByRole('link');
  await cards.first().waitFor();
  const hrefs = await cards.evaluateAll((links) => links.map((a) => a.href));
  for (const href of hrefs) {
    await page.goto(href);
    const found = await page
      .getByRole('listitem', { name: NEAR_PARTY })
      .waitFor({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (found) return href;
  }
  throw new Error(`no slot of today holds ${NEAR_PARTY}`);
}
