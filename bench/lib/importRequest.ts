/** One preview or apply of bench:imports: the file streamed up, the answer's lines timed as they arrive. */
import { once } from 'node:events';
import { request, type IncomingMessage } from 'node:http';
import type { ImportProgress, ImportSummary } from '../../src/domain/imports';

const CHUNK = 64 * 1024;

export interface ImportAnswer {
  status: number;
  wallMs: number;
  progressLines: number;
  /** Time between consecutive progress lines (from the request's start for the first): one batch each. */
  batchMs: number[];
  summary?: ImportSummary;
  error?: string;
}

export async function postImport(
  url: string,
  token: string,
  mode: 'preview' | 'apply',
  file: Buffer,
  query: Record<string, string>,
): Promise<ImportAnswer> {
  const started = performance.now();
  const req = request(`${url}/api/imports/${mode}?${new URLSearchParams(query).toString()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'content-length': file.length },
  });
  const answered = new Promise<IncomingMessage>((ok, fail) => {
    req.once('response', ok);
    req.once('error', fail);
  });
  // The answer's lines are read as they come, while the file is still being sent (an import answers as it reads).
  const read = answered.then((res) => readLines(res, started));
  read.catch(() => undefined); // awaited below, once the file is sent
  // A refusal (429) comes before the file is read: the upload stops there.
  let refused = false;
  const stopped = new Promise<void>((ok) => {
    req.once('response', (res: IncomingMessage) => (res.statusCode === 200 ? undefined : ok()));
    req.once('close', () => ok());
    req.once('error', () => ok());
  }).then(() => (refused = true));
  for (let at = 0; at < file.length && !refused; at += CHUNK) {
    if (!req.write(file.subarray(at, at + CHUNK))) await Promise.race([once(req, 'drain'), stopped]);
  }
  req.end();
  const answer = await read;
  answer.wallMs = performance.now() - started;
  return answer;
}

async function readLines(res: IncomingMessage, started: number): Promise<ImportAnswer> {
  const answer: ImportAnswer = { status: res.statusCode ?? 0, wallMs: 0, progressLines: 0, batchMs: [] };
  let last = started;
  let rest = '';
  res.setEncoding('utf8');
  for await (const chunk of res as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const text of lines.filter(Boolean)) {
      if (answer.status !== 200) {
        answer.error = text.slice(0, 300);
        continue;
      }
      const line = JSON.parse(text) as ImportProgress;
      if (line.type === 'progress') {
        answer.progressLines += 1;
        answer.batchMs.push(performance.now() - last);
        last = performance.now();
      } else if (line.type === 'done') answer.summary = line.summary;
      else answer.error = line.error;
    }
  }
  if (rest && !answer.error) answer.error = rest.slice(0, 300);
  return answer;
}
