import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import type { Database } from '../../server/db/client';
import { insertCompany, PASSWORD as FIXTURE_PASSWORD } from './fixtures';

/** The real server (server/main.ts) in a child process, for the crash, restart and shutdown tests. */
export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`, the port the system gave (PORT=0). */
  baseUrl: string;
  /** Everything the process printed so far, stdout and stderr interleaved. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const ROOT = join(__dirname, '..', '..');
const started = new Set<ChildProcess>();

/** Starts the process without waiting for it; `ready` resolves once it listens and rejects if it exits first. */
export function spawnServer(env: Record<string, string>): Omit<ServerProcess, 'baseUrl'> & { ready: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    // Only what the server reads: nothing of the test runner's environment (TEST_DATABASE_URL, …) leaks in.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let text = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      started.delete(child);
      resolve({ code, signal });
    });
  });
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const port = /running at http:\/\/[^:\s]+:(\d+)/.exec(text)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(({ code, signal }) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${text}`)),
    );
  });
  return { child, output: () => text, exited, ready };
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const spawned = spawnServer(env);
  try {
    return { ...spawned, baseUrl: await spawned.ready };
  } catch (err) {
    await stopHard(spawned);
    throw err;
  }
}

export async function stopHard(server: Pick<ServerProcess, 'child' | 'exited'>): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/** For afterAll: no child outlives the suite, whatever failed. */
export async function killAllServers(): Promise<void> {
  const exits = [...started].map(
    (child) =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  );
  await Promise.all(exits);
}

export interface HttpAnswer {
  status: number;
  body: string;
  json<T = unknown>(): T;
}

/** One request on its own connection (no keep-alive pool), so a killed server fails only what was in flight. */
export function httpRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}${path}`, { method, headers, agent: false }, (res) =>
      readAnswer(res, resolve, reject),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function readAnswer(res: http.IncomingMessage, resolve: (a: HttpAnswer) => void, reject: (e: Error) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('error', reject);
  res.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    resolve({ status: res.statusCode ?? 0, body, json: <T>() => JSON.parse(body) as T });
  });
}

/** Polls until `check` holds; fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A request whose body is only half sent: the server has received it (its headers) and waits for the rest, so it
 * stays in flight, without keeping the server busy, until `finish` sends the rest.
 */
export function halfSentRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body: unknown },
): { finish(): Promise<HttpAnswer> } {
  const payload = Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(payload.length),
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const req = http.request(`${baseUrl}${path}`, { method, headers, agent: false });
  const answer = new Promise<HttpAnswer>((resolve, reject) => {
    req.on('response', (res) => readAnswer(res, resolve, reject));
    req.on('error', reject);
  });
  // Settled by `finish`'s caller; a failure before then must not be an unhandled rejection.
  answer.catch(() => undefined);
  const half = Math.floor(payload.length / 2);
  req.write(payload.subarray(0, half));
  return {
    finish() {
      req.end(payload.subarray(half));
      return answer;
    },
  };
}

/** A company with the tour the writers book, written before its server starts (sign-up makes one with none). */
export async function companyIn(database: Database): Promise<string> {
  try {
    return (await insertCompany(database.owner, { timezone: 'UTC' })).managerEmail;
  } finally {
    await database.close();
  }
}

export async function signInAs(server: ServerProcess, email: string): Promise<string> {
  const res = await httpRequest(server.baseUrl, 'POST', '/auth', { body: { email, password: FIXTURE_PASSWORD } });
  expect(res.status).toBe(200);
  return res.json<{ user: { token: string } }>().user.token;
}
