// `npm run bundle:check` (CI) and `npm run bench:bundle`: the JavaScript a browser downloads before each page can
// render — the entry chunks plus that page's lazy route chunks — gzipped, from the production build's chunk graph
// (dist/web-stats.json, written by webpack.config.ts). `--explain` lists the largest packages per page.
//
// Issue 7's target for the guide's pages is 150 KiB; the entry chunks every page shares (React 19, MUI with emotion,
// RTK Query, react-router, redux-persist and the app shell) are ~157 KiB by themselves (bench/RESULTS.md), so until
// that stack changes CI guards against growth instead: it exits 1 when a guide page passes its ceiling (what it loads
// today plus ~2 %) or pulls the DataGrid or the date pickers into its first load. `--target` fails at 150 KiB.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const STATS = 'dist/web-stats.json';
const OUT = 'dist/web';
const TARGET = 150 * 1024;
const STRICT = process.argv.includes('--target');
const LAZY_ONLY = [/node_modules\/@mui\/x-data-grid/, /node_modules\/@mui\/x-date-pickers/];

// Chunk group names come from the webpackChunkName comments in src/app/router.tsx.
// Ceilings in KiB: lower them as pages shrink, never raise them to let a change through without a reason.
const PAGES = [
  { page: 'login', path: '/login', group: 'login', ceiling: 169 },
  { page: 'day', path: '/bookings/date/:day', group: 'bookings', ceiling: 166 },
  { page: 'slot', path: '/bookings/date/:day/:time/:tour', group: 'slot', ceiling: 181 },
  { page: 'reports (manager)', path: '/reports', group: 'reports' },
];

if (!existsSync(STATS)) {
  console.error(`${STATS} is missing: run \`npm run build:web\` first.`);
  process.exit(2);
}
const stats = JSON.parse(readFileSync(STATS, 'utf8'));
const chunksById = new Map(stats.chunks.map((chunk) => [chunk.id, chunk]));
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const compressed = new Map();
function sizesOf(file) {
  if (!compressed.has(file)) {
    const content = readFileSync(join(OUT, file));
    compressed.set(file, {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return compressed.get(file);
}

function firstLoad({ group, entryOnly = false }) {
  const named = stats.namedChunkGroups[group];
  if (!named) throw new Error(`No chunk group "${group}": was its webpackChunkName renamed in src/app/router.tsx?`);
  const entry = Object.values(stats.entrypoints).flatMap(({ chunks }) => chunks);
  const ids = new Set(entryOnly ? entry : [...entry, ...named.chunks]);
  const chunks = [...ids].map((id) => chunksById.get(id));
  const files = chunks.flatMap((chunk) => chunk.files.filter((file) => file.endsWith('.js')));
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const sizes = sizesOf(file);
    for (const key of Object.keys(total)) total[key] += sizes[key];
  }
  return { files, modules: chunks.flatMap((chunk) => chunk.modules), ...total };
}

function packageOf(moduleName) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleName);
  return match ? match[1] : 'src';
}

function largestPackages(modules, count = 12) {
  const byPackage = new Map();
  for (const { name, size } of modules) byPackage.set(packageOf(name), (byPackage.get(packageOf(name)) ?? 0) + size);
  return [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, count);
}

const failures = [];
const rows = PAGES.map((page) => {
  const load = firstLoad(page);
  if (!page.ceiling) return { page, load };
  const limit = STRICT ? TARGET : page.ceiling * 1024;
  if (load.gzip > limit) failures.push(`${page.page}: ${kib(load.gzip)} gzipped, limit ${kib(limit)}`);
  const lazyOnly = load.modules.filter(({ name }) => LAZY_ONLY.some((re) => re.test(name)));
  if (lazyOnly.length) failures.push(`${page.page}: first load includes ${lazyOnly[0].name} (lazy chunks only)`);
  return { page, load };
});

console.log('| page | path | files | minified | gzip | brotli | ceiling (gzip) | target 150 KiB |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const { page, load } of rows) {
  const ceiling = page.ceiling ? `${page.ceiling}.0 KiB ${load.gzip > page.ceiling * 1024 ? 'OVER' : 'ok'}` : '—';
  const target = page.ceiling ? (load.gzip > TARGET ? `+${kib(load.gzip - TARGET)}` : 'met') : '—';
  console.log(
    `| ${page.page} | \`${page.path}\` | ${load.files.length} | ${kib(load.raw)} | ${kib(load.gzip)} | ` +
      `${kib(load.brotli)} | ${ceiling} | ${target} |`,
  );
}

if (process.argv.includes('--explain')) {
  const shared = firstLoad({ group: PAGES[0].group, entryOnly: true });
  console.log(`\nentry chunks, shared by every page: ${shared.files.length} files, ${kib(shared.gzip)} gzipped`);
  for (const { page, load } of rows) {
    console.log(`\n${page.page}: largest packages in the first load (source bytes before minifying)`);
    for (const [name, size] of largestPackages(load.modules)) console.log(`  ${kib(size).padStart(10)}  ${name}`);
  }
}

if (failures.length) {
  console.error(`\nBundle budget exceeded (issue 7, scripts/bundle-budget.mjs):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
