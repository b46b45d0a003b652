// `npm run bundle:check` (CI) and `npm run bench:bundle`: the JavaScript a browser downloads before each page can
// render — the entry chunks plus that page's lazy route chunks — gzipped, from the production build's chunk graph
// (dist/web-stats.json, written by webpack.config.ts). `--explain` lists the largest packages per page.
//
// The guide's pages aim at 175 KiB on a first visit with React and MUI (the product owner's decision; the entry chunks
// every page shares are ~157 KiB by themselves, bench/RESULTS.md). CI holds each page to its ceiling (what it loads
// today plus ~2 %) and exits 1 when a guide page passes it or pulls the DataGrid or the date pickers into its first
// load. `--target` fails a guide page over 175 KiB.
//
// `--explain` says what each package costs a page, gzipped: the production source maps give every minified byte its
// source file, and a package's cost is how much smaller the page's files gzip without its bytes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map';

const STATS = 'dist/web-stats.json';
const OUT = 'dist/web';
const TARGET = 175 * 1024;
const STRICT = process.argv.includes('--target');
const LAZY_ONLY = [/node_modules\/@mui\/x-data-grid/, /node_modules\/@mui\/x-date-pickers/];

// Chunk group names come from the webpackChunkName comments in src/app/router.tsx.
// Ceilings in KiB: lower them as pages shrink, never raise them to let a change through without a reason.
const PAGES = [
  { page: 'login', path: '/login', group: 'login', ceiling: 169 },
  { page: 'day', path: '/bookings/date/:day', group: 'bookings', ceiling: 166 },
  { page: 'slot', path: '/bookings/date/:day/:time/:tour', group: 'slot', ceiling: 177 },
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

function packageOf(source) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (match) return match[1];
  return /\/src\//.test(source) ? 'src (the app)' : 'webpack runtime and module wrappers';
}

/** Each character of a minified file, labelled with the package its source map gives it. */
function labelledText(file) {
  const code = readFileSync(join(OUT, file), 'utf8');
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  const labels = new Array(code.length).fill('webpack runtime and module wrappers');
  const mappings = [];
  new SourceMapConsumer(JSON.parse(readFileSync(join(OUT, `${file}.map`), 'utf8'))).eachMapping((m) => {
    mappings.push({ at: lineStarts[m.generatedLine - 1] + m.generatedColumn, source: m.source });
  });
  mappings.sort((a, b) => a.at - b.at);
  mappings.forEach(({ at, source }, i) => {
    const end = mappings[i + 1]?.at ?? code.length;
    if (source) labels.fill(packageOf(source), at, end);
  });
  return { code, labels };
}

/** Gzipped bytes each package adds to `files` (the files gzipped without its bytes, subtracted from them whole). */
function gzipCostByPackage(files, count = 12) {
  const texts = files.map(labelledText);
  const whole = gzipSync(texts.map((t) => t.code).join(''), { level: 9 }).length;
  const minified = new Map();
  for (const { labels } of texts) for (const label of labels) minified.set(label, (minified.get(label) ?? 0) + 1);
  const largest = [...minified].sort((a, b) => b[1] - a[1]).slice(0, count);
  return largest.map(([name, bytes]) => {
    let without = '';
    for (const { code, labels } of texts) {
      for (let i = 0; i < code.length; i++) if (labels[i] !== name) without += code[i];
    }
    return { name, bytes, gzip: whole - gzipSync(without, { level: 9 }).length };
  });
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

console.log('| page | path | files | minified | gzip | brotli | ceiling (gzip) | target 175 KiB |');
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
    console.log(`\n${page.page}: what each package costs the first load (minified · gzipped, from the source maps)`);
    for (const { name, bytes, gzip } of gzipCostByPackage(load.files)) {
      console.log(`  ${kib(bytes).padStart(10)} · ${kib(gzip).padStart(9)}  ${name}`);
    }
  }
}

if (failures.length) {
  console.error(`\nBundle budget exceeded (issue 7, scripts/bundle-budget.mjs):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
