/**
 * bench:imports' attack part: one company's Manager previews --attack-files hostile files at once, each --attack-mb
 * MB of rows naming a tour no tour has, a new name each row (nothing to import, every name new to the tally). Then
 * an ordinary preview by the same company. Measured: each answer (status, wall, longest wait for a progress line)
 * and the server's memory over the phase.
 */
import { IMPORT_QUERY } from './importFile';
import { postImport, type ImportAnswer } from './importRequest';
import { measurePhase, type PhaseCost } from './phaseMemory';
import { withSeededServer, type Target } from './seededServer';
import type { AppBuild } from './appProcess';
import { signIn } from './sessions';
import { seedTraffic } from './trafficData';

const HEADER = 'Booking Ref;Lead Traveller;Travel Date;Start;Product;Adults;Children;Status';

/** About `mb` MB of rows, each naming a product no tour has, a different one each row. */
export function hostileFile(mb: number): Buffer {
  const lines = [HEADER];
  let size = HEADER.length;
  for (let i = 0; size < mb * 1e6; i++) {
    const line = `H-${i};Guest ${i};03/12/2030;11:00;Unknown product ${i};2;0;`;
    lines.push(line);
    size += line.length + 2;
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

export interface AttackRun {
  bytes: number;
  answers: ImportAnswer[];
  cost: PhaseCost;
  /** An ordinary 2,000-row preview by the same company right after. */
  after: ImportAnswer;
}

export async function benchAttack(
  target: Target,
  options: { mb: number; files: number; dbName: string; build: AppBuild },
): Promise<AttackRun> {
  const setup = { ...options, target, env: { WEB_CONCURRENCY: '1' } };
  const seed = async (db: Parameters<typeof seedTraffic>[0]) => (await seedTraffic(db, { companies: 1 })).companies[0];
  return withSeededServer(setup, seed, async ({ server, fixture: company }) => {
    if (!company) throw new Error('no company seeded');
    const { token } = await signIn(server.url, company.manager);
    const file = hostileFile(options.mb);
    const baseline = await server.memory();
    const preview = (body: Buffer) => postImport(server.url, token, 'preview', body, IMPORT_QUERY);
    const run = () => Promise.all(Array.from({ length: options.files }, () => preview(file)));
    const { value: answers, cost } = await measurePhase(server, baseline, run);
    const ordinary = Array.from({ length: 2000 }, (_, i) => `O-${i};Guest ${i};03/12/2030;11:00;Product;2;0;`);
    const after = await preview(Buffer.from(`${[HEADER, ...ordinary].join('\r\n')}\r\n`));
    return { bytes: file.length, answers, cost, after };
  });
}

/** The longest a client waited for a line: the first from the request's start, then between lines. */
const longestWait = (answer: ImportAnswer) => Math.max(0, ...answer.batchMs);

export function attackTable(runs: Array<{ target: Target; run: AttackRun }>): string {
  const lines = [
    '| database | answers (status × n) | wall, longest | longest wait for a line | progress lines | RSS · heap · peak RSS (MiB) | CPU s | the next preview |',
    '| --- | --- | ---: | ---: | ---: | --- | ---: | --- |',
  ];
  for (const { target, run } of runs) {
    const statuses = new Map<number, number>();
    for (const a of run.answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const served = run.answers.filter((a) => a.status === 200);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    lines.push(
      `| ${target} | ${[...statuses].map(([s, n]) => `${s} × ${n}`).join(', ')} | ` +
        `${seconds(Math.max(...run.answers.map((a) => a.wallMs)))} | ${seconds(Math.max(0, ...served.map(longestWait)))} | ` +
        `${served.map((a) => a.progressLines).join(', ')} | ${run.cost.rss} · ${run.cost.heap} · ${run.cost.peakRss} | ` +
        `${run.cost.serverCpu} | ${run.after.status}, ${seconds(run.after.wallMs)} |`,
    );
  }
  return lines.join('\n');
}
