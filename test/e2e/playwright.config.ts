import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tourdesk-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions, viewport: { width: 1280, height: 800 } } },
    {
      name: 'tablet',
      use: { ...devices['Desktop Chrome'], launchOptions, viewport: { width: 768, height: 1024 }, hasTouch: true },
      // What a guide does on a tablet at the meeting point, in the specs that take the project's screen. The desk
      // work (reports, settings, imports, the channel API, company setup, sign-in) runs once, on the desktop project,
      // and so do the specs that set their own phone or tablet screen (slot, workingDay, streetMode,
      // syncAfterReconnect): here they would only run again, identical.
      testMatch: ['accessibility.spec.ts', 'dayPage.spec.ts', 'guides.spec.ts', 'offline.spec.ts'],
    },
  ],
  webServer: {
    // The real server, built as `npm start` builds it, with the demo data on a fresh embedded database.
    command: 'node scripts/start.mjs',
    cwd: '../..',
    url: `http://localhost:${PORT}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Many sign-ins from one address and email in a few minutes are the suite, not an attack.
      LOGIN_RATE_LIMIT: '200',
      LOGIN_ADDRESS_RATE_LIMIT: '1000',
    },
  },
});
