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
  for (let at = 0; at < file.length; at += CHUNK) {
    if (!req.write(file.subarray(at, at + CHUNK))) await once(req, 'drain');
  }
  req.end();
  const res = await answered;
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
  answer.wallMs = performance.now() - started;
  return answer;
}
