// `npm run bench:checkin` (issue 7: "a check-in tap shows its result in ≤ 100 ms (optimistic update)"). A Guide on a
// phone-sized touch screen taps a booking's "Checked in" switch on today's near slot; the page measures the time from
// the tap's click event to the slot's "N/M guests checked in" text changing, and to the next frame after it. Every
// PATCH is held back by the browser for DELAY_MS before it reaches the server, so a change seen before the answer
// can only be the optimistic update. Then the same with the network cut (issue 23: street mode, the tap goes to the
// outbox). Runs without and with 4× CPU throttling (a mid-range phone).
//   npm run bench:checkin [-- --taps=20]
/* global window, document, performance, MutationObserver, requestAnimationFrame -- installProbe runs in the page */
import { setTimeout as sleep } from 'node:timers/promises';
import { NEAR_PARTY, nearSlotUrl, signIn, startChromium, startServer } from './lighthouse.session.mjs';

const TAPS = Number(/^--taps=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--taps=')) ?? '')?.[1] ?? 20);
const DELAY_MS = 1500;
const CPU_RATES = [1, 4];

const server = await startServer();
const chrome = await startChromium();
try {
  const context = await chrome.browser.newContext({
    viewport: { width: 412, height: 915 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await signIn(page, server.baseUrl);
  await page.goto(await nearSlotUrl(page));
  await page.getByText(/ guests checked in$/).waitFor();

  let answers = 0;
  await page.route('**/api/bookings/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    await sleep(DELAY_MS);
    // Offline, the browser has already failed the request meanwhile.
    await route.continue().catch(() => undefined);
  });
  page.on('requestfinished', (request) => {
    if (request.method() === 'PATCH') answers++;
  });

  const toggle = page.getByRole('listitem', { name: NEAR_PARTY }).getByRole('switch', { name: 'Checked in' });
  const cdp = await context.newCDPSession(page);
  const rows = [];
  // Online with the answer held back, then with no network at all (street mode: the tap goes to the outbox).
  for (const network of ['online', 'offline']) {
    await context.setOffline(network === 'offline');
    for (const rate of CPU_RATES) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const samples = [];
      for (let i = 0; i < TAPS; i++) {
        await page.evaluate(installProbe);
        const answersBefore = answers;
        await toggle.tap();
        await page.waitForFunction(() => window.__checkInProbe.result !== undefined, null, { timeout: 10_000 });
        const result = await page.evaluate(() => window.__checkInProbe.result);
        if (answers !== answersBefore) throw new Error('the server answered before the count changed: not optimistic');
        samples.push(result);
        // The next tap starts from the server's answer, as a guide's would; offline, from the outbox's copy.
        if (network === 'online') await page.waitForResponse((res) => res.request().method() === 'PATCH');
        await page.waitForTimeout(200);
      }
      rows.push({ network, rate, samples });
    }
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.unroute('**/api/bookings/*');
  await context.setOffline(false);
  // Back online, the outbox empties: the header's sync badge goes.
  await page.getByRole('status', { name: 'Sync' }).waitFor({ state: 'hidden', timeout: 30_000 });

  console.log(`\n${TAPS} taps per row; each PATCH held ${DELAY_MS} ms; the count changed before any answer.\n`);
  console.log(
    '| network | CPU | tap → count text changed, median | p95 | max | tap → next frame, median | p95 | max |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const { network, rate, samples } of rows) {
    const dom = stats(samples.map((s) => s.toDom));
    const frame = stats(samples.map((s) => s.toFrame));
    console.log(
      `| ${network} | ${rate === 1 ? 'unthrottled' : `${rate}× slower`} | ${dom.median} ms | ${dom.p95} ms | ${dom.max} ms | ` +
        `${frame.median} ms | ${frame.p95} ms | ${frame.max} ms |`,
    );
  }
} finally {
  await chrome.stop();
  await server.stop();
}

/** In the page: waits for the next click, then for the header's "N/M guests checked in" text to change. */
function installProbe() {
  const counter = [...document.querySelectorAll('p')].find((p) => / guests checked in$/.test(p.textContent ?? ''));
  if (!counter) throw new Error('no "guests checked in" text on the page');
  const before = counter.textContent;
  const probe = { result: undefined };
  window.__checkInProbe = probe;
  let tappedAt;
  document.addEventListener('click', (event) => (tappedAt = event.timeStamp), { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (tappedAt === undefined || counter.textContent === before) return;
    observer.disconnect();
    const toDom = performance.now() - tappedAt;
    requestAnimationFrame(() => {
      probe.result = { toDom, toFrame: performance.now() - tappedAt, before, after: counter.textContent };
    });
  });
  observer.observe(counter, { childList: true, subtree: true, characterData: true });
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { median: Math.round(at(0.5)), p95: Math.round(at(0.95)), max: Math.round(sorted.at(-1)) };
}
