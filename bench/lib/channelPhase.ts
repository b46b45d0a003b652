/**
 * bench:imports' second part, A/B in one run on one server: (A) bench:api's mixed load alone, (B) the same load with
 * a channel's upserts alongside (channelLoad.ts), for the same time; with several rounds, A and B alternate. Then (C)
 * the upserts alone, to tell their own cost. Each phase's CPU (server processes, PostgreSQL's backends) is measured.
 */
import { treeCpuSeconds, type AppBuild } from './appProcess';
import { runChannelLoad, type ChannelResult } from './channelLoad';
import { withSeededServer, type Target } from './seededServer';
import { signIn, signInConnections, type Connection } from './sessions';
import { describeResult, runTraffic, type TrafficResult } from './traffic';
import { seedTraffic, type SeededCompany } from './trafficData';

export interface ChannelRound {
  round: number;
  alone: TrafficResult;
  withChannel: TrafficResult;
  channel: ChannelResult;
  /** CPU seconds per phase: server processes · PostgreSQL's backends. */
  cpu: { alone: Cpu; withChannel: Cpu };
}

export type Cpu = [server: number, database: number];

export interface ChannelRun {
  rounds: ChannelRound[];
  /** The upserts alone, after the rounds. */
  only: ChannelResult;
  onlyCpu: Cpu;
}

export interface ChannelSettings {
  dbName: string;
  build: AppBuild;
  workers: number;
  companies: number;
  connections: number;
  seconds: number;
  warmup: number;
  rate: number;
  /** The mixed load's requests per second (a working day's pace); as fast as answered when 0. */
  mixedRate: number;
  rounds: number;
}

async function createApiKey(url: string, company: SeededCompany): Promise<string> {
  const { token } = await signIn(url, company.manager);
  const res = await fetch(`${url}/api/company/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench channel', sources: ['Viator'] }),
  });
  if (res.status !== 201) throw new Error(`API key: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { secret: string }).secret;
}

export async function benchChannel(target: Target, s: ChannelSettings): Promise<ChannelRun> {
  const env: Record<string, string> = target === 'postgres' ? { WEB_CONCURRENCY: String(s.workers) } : {};
  const seed = (db: Parameters<typeof seedTraffic>[0]) => seedTraffic(db, { companies: s.companies });
  const setup = { target, dbName: s.dbName, build: s.build, env };
  return withSeededServer(setup, seed, async ({ server, fixture, databaseCpu }) => {
    const { url } = server;
    const withCpu = async <T>(run: () => Promise<T>): Promise<[T, Cpu]> => {
      const before = [treeCpuSeconds(server.pid), await databaseCpu()];
      const value = await run();
      const used = [treeCpuSeconds(server.pid), await databaseCpu()].map((v, i) => v - (before[i] ?? 0));
      return [value, used.map((v) => Math.round(v * 10) / 10) as Cpu];
    };
    const company = fixture.companies[0] as SeededCompany;
    const apiKey = await createApiKey(url, company);
    // Fresh sessions for each phase: a refresh cut off by the end of the last one (its rotated cookie never read)
    // would make the next refresh a reuse, which ends the session (401s).
    const signedIn = () => signInConnections(url, fixture, s.connections);
    const mixed = (seconds: number, seed: number, connections: Connection[]) =>
      runTraffic({ url, fixture, connections, durationSeconds: seconds, seed, rate: s.mixedRate });
    const channel = (seconds: number, tag: string) =>
      runChannelLoad({ url, apiKey, company, rate: s.rate, seconds, tag });
    await Promise.all([mixed(s.warmup, 99, await signedIn()), channel(s.warmup, `W${process.pid}`)]);
    const rounds: ChannelRound[] = [];
    for (let round = 1; round <= s.rounds; round++) {
      const forA = await signedIn();
      const [alone, aloneCpu] = await withCpu(() => mixed(s.seconds, round, forA));
      console.log(describeResult(`  round ${round}, A: mixed alone`, alone), `\n  CPU s: ${aloneCpu.join(' · ')}`);
      const forB = await signedIn();
      const [[withChannel, upserts], bCpu] = await withCpu(() =>
        Promise.all([mixed(s.seconds, round + 100, forB), channel(s.seconds, `R${round}-${process.pid}`)]),
      );
      console.log(
        describeResult(`  round ${round}, B: mixed + channel`, withChannel),
        `\n  CPU s: ${bCpu.join(' · ')}`,
      );
      console.log(`  channel upserts: ${JSON.stringify(upserts)}`);
      rounds.push({ round, alone, withChannel, channel: upserts, cpu: { alone: aloneCpu, withChannel: bCpu } });
    }
    const [only, onlyCpu] = await withCpu(() => channel(s.seconds, `C-${process.pid}`));
    console.log(`  C: channel upserts alone: ${JSON.stringify(only)}\n  CPU s: ${onlyCpu.join(' · ')}`);
    return { rounds, only, onlyCpu };
  });
}
