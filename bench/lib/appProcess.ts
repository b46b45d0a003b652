/** Runs a server under test in a child process, so the load generator does not share its event loop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');
const PROBE = resolve(__dirname, 'memoryProbe.mjs');

export interface Memory {
  rss: number;
  heapUsed: number;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** RSS and heap right after a full GC in the child. */
  memory(): Promise<Memory>;
  /** SIGTERM, then waits for the exit (SIGKILL after 30 s). */
  stop(): Promise<void>;
  /** What the child printed (its last 64 KiB), for failures. */
  output(): string;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** A process's /proc stat fields after the command name (which is in parentheses and may hold spaces). */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS : 0;
}

/** CPU seconds of a process and of its children: a server's worker processes (WEB_CONCURRENCY > 1). */
export function treeCpuSeconds(pid: number): number {
  let total = cpuSeconds(pid);
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && Number(statFields(entry)?.[1]) === pid) total += cpuSeconds(Number(entry));
  }
  return total;
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((ok) => setTimeout(ok, 250));
    }
  }
  throw new Error(`server did not answer within 120 s:\n${output()}`);
}

/**
 * Starts `node <args>` from the project root with the memory probe preloaded and waits until `readyPath` answers
 * (any status). `nodeFlags` go before the probe (e.g. `--cpu-prof`).
 */
export async function startServer(options: {
  args: string[];
  env: Record<string, string>;
  port: number;
  readyPath: string;
  nodeFlags?: string[];
}): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', ...(options.nodeFlags ?? []), '--import', PROBE, ...options.args],
    {
      cwd: ROOT,
      env: { ...process.env, ...options.env, PORT: String(options.port) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilAnswering(`${url}${options.readyPath}`, child, () => log);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    pid: child.pid as number,
    output: () => log,
    memory: () =>
      new Promise<Memory>((ok, fail) => {
        const onMessage = (message: { type?: string } & Memory) => {
          if (message?.type !== 'tourdesk-bench:memory') return;
          child.off('message', onMessage);
          ok({ rss: message.rss, heapUsed: message.heapUsed });
        };
        child.on('message', onMessage);
        if (!child.send('tourdesk-bench:memory')) fail(new Error('the server process has no IPC channel'));
      }),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type AppBuild = 'bundle' | 'tsx';

/** Tourdesk's own server: the production bundle (built by the caller), or the sources through tsx. */
export function startTourdesk(options: {
  build: AppBuild;
  /** Another build's bundle to run instead of this checkout's. */
  entry?: string;
  port: number;
  env: Record<string, string>;
  nodeFlags?: string[];
}): Promise<ServerProcess> {
  const args = options.entry
    ? [options.entry]
    : options.build === 'bundle'
      ? ['dist/server/main.mjs']
      : ['--import', 'tsx', 'server/main.ts'];
  return startServer({
    args,
    port: options.port,
    nodeFlags: options.nodeFlags,
    readyPath: '/auth/refresh',
    env: {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // All the load comes from one address with a few dozen accounts: the brute-force limit would answer 429.
      LOGIN_RATE_LIMIT: '1000000',
      LOGIN_ADDRESS_RATE_LIMIT: '1000000',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      ...options.env,
    },
  });
}

export function startBareSlotServer(options: { port: number; env: Record<string, string> }): Promise<ServerProcess> {
  return startServer({
    args: ['--import', 'tsx', 'bench/lib/bareSlotServer.ts'],
    port: options.port,
    readyPath: '/',
    env: options.env,
  });
}
