// `npm run bench:lighthouse` (issue 7, benchmark 3): Lighthouse's performance audit of a signed-in Guide's day page
// and slot page, mobile and desktop, against the production build served by the real server (demo data, fresh
// data dir). Playwright signs in on the same Chromium over its DevTools port; Lighthouse then runs with
// `disableStorageReset`, so the refresh cookie and the persisted user carry the session, while the HTTP cache is
// cleared before each run so every run downloads the app as a first visit does.
//   npm run bench:lighthouse [-- --runs=3] [--pages=slot,day] [--forms=mobile,desktop] [--details]
// `--details` prints, for each page's median run, its long tasks and the elements that shifted.
import lighthouse, { desktopConfig } from 'lighthouse';
import { nearSlotUrl, signIn, startChromium, startServer } from './lighthouse.session.mjs';

const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(option('runs') ?? 3);
const PAGES = (option('pages') ?? 'slot,day').split(',');
const FORMS = (option('forms') ?? 'mobile,desktop').split(',');
const DETAILS = process.argv.includes('--details');
const FORM_FACTORS = Object.fromEntries(
  Object.entries({ mobile: undefined, desktop: desktopConfig }).filter(([form]) => FORMS.includes(form)),
);

const server = await startServer();
const chrome = await startChromium();
try {
  const page = await chrome.context.newPage();
  const dayUrl = await signIn(page, server.baseUrl);
  const slotUrl = await nearSlotUrl(page);
  const cdp = await chrome.context.newCDPSession(page);

  const rows = [];
  const failed = [];
  const pages = [
    ['slot', slotUrl],
    ['day', dayUrl],
  ].filter(([name]) => PAGES.includes(name));
  for (const [name, url] of pages) {
    for (const [formFactor, config] of Object.entries(FORM_FACTORS)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        await cdp.send('Network.clearBrowserCache');
        const result = await lighthouse(
          url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: true,
          },
          config,
        );
        // A run Lighthouse could not complete (e.g. no paint seen in time) scores 0: report it, leave it out.
        if (result.lhr.runtimeError) failed.push(`${name} ${formFactor}: ${result.lhr.runtimeError.code}`);
        else runs.push(measure(result.lhr));
      }
      if (runs.length === 0) continue;
      // Lighthouse's advice for several runs: report the run with the median score.
      runs.sort((a, b) => a.score - b.score);
      const median = runs[Math.floor(runs.length / 2)];
      rows.push({ name, formFactor, median, scores: runs.map((run) => run.score) });
      console.error(`${name} ${formFactor}: scores ${runs.map((run) => run.score).join(', ')}`);
      if (DETAILS) console.error(median.details);
    }
  }

  const lighthouseVersion = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
  const chromiumVersion = await chrome.browser.version();
  console.log(`\nLighthouse ${lighthouseVersion}, Chromium ${chromiumVersion}, ${RUNS} run(s) each, median by score\n`);
  console.log('| page | form factor | performance | LCP | TBT | CLS | FCP | JS transferred | scores of all runs |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const { name, formFactor, median: m, scores } of rows) {
    console.log(
      `| ${name} | ${formFactor} | **${m.score}** | ${ms(m.lcp)} | ${ms(m.tbt)} | ${m.cls.toFixed(3)} | ${ms(m.fcp)} | ` +
        `${(m.scriptBytes / 1024).toFixed(1)} KiB | ${scores.join(', ')} |`,
    );
  }
  if (failed.length) console.log(`\nRuns Lighthouse could not complete (left out): ${failed.join('; ')}`);
  const slotMobile = rows.find((row) => row.name === 'slot' && row.formFactor === 'mobile');
  const met = slotMobile && slotMobile.median.score >= 90;
  console.log(`\nTarget (issue 7): mobile performance ≥ 90 on the slot page: ${met ? 'met' : 'missed'}`);
} finally {
  await chrome.stop();
  await server.stop();
}

function measure(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    scriptBytes: scripts?.transferSize ?? NaN,
    details: DETAILS ? describeRun(lhr) : '',
  };
}

function ms(value) {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

/** The run's long tasks (start, duration, script) and layout shifts (score, element), one per line. */
function describeRun(lhr) {
  const tasks = lhr.audits['long-tasks']?.details?.items ?? [];
  const shifts = lhr.audits['layout-shifts']?.details?.items ?? [];
  const breakdown = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  const bootup = lhr.audits['bootup-time']?.details?.items ?? [];
  const file = (url) =>
    String(url ?? '')
      .split('/')
      .pop() || String(url);
  return [
    `  LCP ${ms(lhr.audits['largest-contentful-paint'].numericValue)}, TBT ${ms(lhr.audits['total-blocking-time'].numericValue)}`,
    ...tasks.map((t) => `  long task at ${ms(t.startTime)}: ${ms(t.duration)} ${file(t.url)}`),
    ...shifts.map((s) => `  shift ${s.score?.toFixed(3)}: ${s.node?.snippet ?? s.node?.nodeLabel ?? '?'}`),
    `  main thread: ${breakdown.map((b) => `${b.groupLabel ?? b.group} ${ms(b.duration)}`).join(', ')}`,
    ...bootup.map((b) => `  script ${file(b.url)}: run ${ms(b.scripting)}, parse+compile ${ms(b.scriptParseCompile)}`),
  ].join('\n');
}
