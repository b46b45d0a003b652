/**
 * bench:imports' first part: one company (seedTraffic's, with the file's earlier bookings added), its Manager
 * previews the file, applies it, then applies it again; each answer's counts are checked against the file's.
 */
import { isDeepStrictEqual } from 'node:util';
import { emptyCounts, type ImportOutcome } from '../../src/domain/imports';
import type { AppBuild } from './appProcess';
import { IMPORT_QUERY, buildImportFile, seedExisting } from './importFile';
import { postImport, type ImportAnswer } from './importRequest';
import { measurePhase, type PhaseCost } from './phaseMemory';
import { withSeededServer, type Target } from './seededServer';
import { signIn } from './sessions';
import { seedTraffic } from './trafficData';

const BATCH_ROWS = 500;

export interface ImportStep {
  step: 'preview' | 'apply' | 're-import';
  answer: ImportAnswer;
  cost: PhaseCost;
  problems: string[];
}

function check(answer: ImportAnswer, rows: number, expected: Record<ImportOutcome, number>): string[] {
  const problems: string[] = [];
  if (answer.status !== 200 || answer.error) problems.push(`answered ${answer.status}: ${answer.error ?? ''}`);
  if (answer.summary && !isDeepStrictEqual(answer.summary.counts, expected))
    problems.push(`counts ${JSON.stringify(answer.summary.counts)}, expected ${JSON.stringify(expected)}`);
  if (answer.summary?.rows !== rows) problems.push(`${answer.summary?.rows ?? 'no'} rows counted of ${rows}`);
  // One a batch of 500 rows read, refused ones too, and the last (a file of long rows gets one a MiB besides).
  const lines = Math.floor(rows / BATCH_ROWS) + 1;
  if (answer.progressLines !== lines) problems.push(`${answer.progressLines} progress lines, expected ${lines}`);
  return problems;
}

export async function benchImport(
  target: Target,
  options: { rows: number; dbName: string; build: AppBuild; nodeFlags?: string[] },
): Promise<{ steps: ImportStep[]; bytes: number }> {
  const seed = async (db: Parameters<typeof seedTraffic>[0]) => {
    const fixture = await seedTraffic(db, { companies: 1 });
    const company = fixture.companies[0];
    if (!company) throw new Error('no company seeded');
    const file = buildImportFile(options.rows, company.slots, fixture.today);
    await seedExisting(db, company.id, file);
    return { company, file };
  };
  // One process on PostgreSQL too, so that the memory sampled is the one doing the import.
  const setup = { ...options, target, env: { WEB_CONCURRENCY: '1' } };
  return withSeededServer(setup, seed, async ({ server, fixture: { company, file }, databaseCpu }) => {
    const { token } = await signIn(server.url, company.manager);
    const baseline = await server.memory();
    const reject = file.expected.reject;
    const again = { ...emptyCounts(), unchanged: options.rows - reject, reject };
    const plan = [
      ['preview', file.expected],
      ['apply', file.expected],
      ['re-import', again],
    ] as const;
    const steps: ImportStep[] = [];
    for (const [step, expected] of plan) {
      const mode = step === 'preview' ? 'preview' : 'apply';
      const run = () => postImport(server.url, token, mode, file.csv, IMPORT_QUERY);
      const { value: answer, cost } = await measurePhase(server, baseline, run, databaseCpu);
      steps.push({ step, answer, cost, problems: check(answer, options.rows, expected) });
      console.log(`  ${step}: ${(answer.wallMs / 1000).toFixed(1)} s, ${JSON.stringify(answer.summary?.counts)}`);
    }
    return { steps, bytes: file.csv.length };
  });
}
