/**
 * Issue 24's benchmark: the CSV import and the channel API, each against a real server in its own process.
 *   npm run bench:imports                                   both parts, embedded and PostgreSQL
 *   npm run bench:imports -- --db=embedded --parts=import --rows=50000 --cpu-prof
 * 1. import: a channel file of --rows rows (importFile.ts) is previewed, applied, then applied again; wall time,
 *    progress lines, the server's memory (after-GC samples and peak RSS) and CPU. Exit status 1 when an answer's
 *    counts are not the file's. Targets: 50,000 rows previewed ≤ 10 s, applied ≤ 30 s on PGlite, memory ≤ 100 MB.
 * 2. channel: bench:api's mixed load alone (A), then with --rate upserts/s from one API key (B), --seconds each.
 *    Target: 200 upserts/s with the mixed load's p99 ≤ 50 ms.
 * 3. attack (only when asked, --parts=attack): --attack-files previews at once of --attack-mb MB each, every row
 *    naming a tour no tour has (importAttack.ts): answers, waits for progress, the server's memory.
 * Options: --db (embedded,postgres), --parts (import,channel,attack), --rows (50000), --attack-mb (60),
 * --attack-files (4), --rate (200), --mixed-rate (0: the
 * mixed load as fast as answered; N: N requests/s, a day's pace), --seconds (30),
 * --warmup (5), --rounds (1), --workers (2: server processes on PostgreSQL in the channel part), --connections (20),
 * --companies (20), --app (bundle|tsx; bundle builds dist/server/main.mjs first), --cpu-prof (the import's
 * server), BENCH_DATABASE_URL (admin URL; databases `tourdesk_bench_imports_<pid>` are created and dropped).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, type AppBuild } from './lib/appProcess';
import { dropPostgres } from './lib/benchDb';
import { attackTable, benchAttack, type AttackRun } from './lib/importAttack';
import { benchChannel, type ChannelRun } from './lib/channelPhase';
import { benchImport, type ImportStep } from './lib/importPhase';
import { channelTable, importTable, printProfiles } from './lib/importsReport';
import type { Target } from './lib/seededServer';

const DEFAULTS: Record<string, string> = {
  ...{
    db: 'embedded,postgres',
    parts: 'import,channel',
    rows: '50000',
    rate: '200',
    'mixed-rate': '0',
    seconds: '30',
    warmup: '5',
    'attack-mb': '60',
    'attack-files': '4',
  },
  ...{ rounds: '1', workers: '2', connections: '20', companies: '20', app: 'bundle' },
};
const { values: o } = parseArgs({
  options: {
    ...Object.fromEntries(Object.keys(DEFAULTS).map((name) => [name, { type: 'string' as const }])),
    'cpu-prof': { type: 'boolean' as const },
  },
});
const PROFILE = o['cpu-prof'] === true;
const option = (name: string) => String((o as Record<string, unknown>)[name] ?? DEFAULTS[name]);
const number = (name: string) => Number(option(name));
const targets = option('db').split(',') as Target[];
const parts = option('parts').split(',');
const DB_NAME = `tourdesk_bench_imports_${process.pid}`;
const build: AppBuild = option('app') === 'tsx' ? 'tsx' : 'bundle';
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

async function main(): Promise<void> {
  console.log(
    `${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB` +
      ` · Node ${process.version} · server from ${build} · ${load()}`,
  );
  if (build === 'bundle') execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const imports: Array<{ target: Target; steps: ImportStep[]; bytes: number; load: string }> = [];
  const channels: Array<{ target: Target; run: ChannelRun; load: string }> = [];
  for (const target of targets) {
    if (!parts.includes('import')) continue;
    console.log(`\n== import, ${target}: ${number('rows')} rows == ${new Date().toISOString()}, ${load()}`);
    const dir = PROFILE ? mkdtempSync(join(tmpdir(), 'tourdesk-prof-import-')) : undefined;
    const nodeFlags = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : undefined;
    const result = await benchImport(target, { rows: number('rows'), dbName: DB_NAME, build, nodeFlags });
    imports.push({ target, ...result, load: load() });
    if (dir) printProfiles(dir, `import server (${target})`);
  }
  for (const target of targets) {
    if (!parts.includes('channel')) continue;
    console.log(`\n== channel, ${target}: ${number('rate')} upserts/s == ${new Date().toISOString()}, ${load()}`);
    const settings = {
      ...{ dbName: DB_NAME, build, workers: number('workers'), companies: number('companies') },
      ...{ connections: number('connections'), seconds: number('seconds'), warmup: number('warmup') },
      ...{ rate: number('rate'), mixedRate: number('mixed-rate'), rounds: number('rounds') },
    };
    channels.push({ target, run: await benchChannel(target, settings), load: load() });
  }
  const attacks: Array<{ target: Target; run: AttackRun }> = [];
  for (const target of targets) {
    if (!parts.includes('attack')) continue;
    const [mb, files] = [number('attack-mb'), number('attack-files')];
    console.log(`\n== attack, ${target}: ${files} × ${mb} MB previews == ${new Date().toISOString()}, ${load()}`);
    attacks.push({ target, run: await benchAttack(target, { mb, files, dbName: DB_NAME, build }) });
  }
  const report = [
    imports.length ? importTable(imports, number('rows')) : '',
    channels.length ? channelTable(channels, number('rate')) : '',
    attacks.length ? attackTable(attacks) : '',
  ];
  const loads = [
    ...imports.map((r) => `import on ${r.target}: ${r.load}`),
    ...channels.map((r) => `channel on ${r.target}: ${r.load}`),
  ];
  console.log(`\nSUMMARY (at the end of each part: ${loads.join('; ')})\n${report.filter(Boolean).join('\n\n')}`);
  const problems = imports.flatMap(({ target, steps }) =>
    steps.flatMap((s) => s.problems.map((p) => `${target} ${s.step}: ${p}`)),
  );
  if (problems.length) {
    console.log(`\nFAILED: the answers are not what the file implies\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch(async (err: unknown) => {
  console.error(err);
  await dropPostgres(DB_NAME).catch(() => undefined);
  process.exit(1);
});
