import { request, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** One server-sent event frame as the test reads it (comments are dropped). */
export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
}

export interface TestStream {
  status: number;
  headers: IncomingMessage['headers'];
  /** The whole body of an answer that is not a stream (an error's JSON). */
  text(): Promise<string>;
  /** The next frame that matches, reading on as needed; fails if the stream ends first. */
  next(match?: (frame: Frame) => boolean): Promise<Frame>;
  /** Every frame until the server ends the stream. */
  rest(): Promise<Frame[]>;
  close(): void;
}

function parseFrame(text: string): Frame | null {
  const frame: Frame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const [field, ...value] = line.split(': ');
    const joined = value.join(': ');
    if (field === 'data') frame.data = frame.data === undefined ? joined : `${frame.data}\n${joined}`;
    else if (field === 'id' || field === 'event' || field === 'retry') frame[field] = joined;
  }
  return Object.keys(frame).length > 0 ? frame : null;
}

/**
 * GET /api/events over a real socket of its own (node:http without an agent: fetch's pool would keep a spare
 * connection open that the server's close waits on), read frame by frame, only as the test asks: a stream the test
 * does not read is a client that stopped reading. `baseUrl` may be a unix socket's path (`unix:/…`).
 */
export async function openStream(baseUrl: string, headers: Record<string, string>): Promise<TestStream> {
  const options = { headers, agent: false as const };
  const req = baseUrl.startsWith('unix:')
    ? request({ ...options, socketPath: baseUrl.slice('unix:'.length), path: '/api/events' })
    : request(`${baseUrl}/api/events`, options);
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', resolve).on('error', reject).end();
  });
  res.setEncoding('utf8');
  const chunks = res[Symbol.asyncIterator]() as AsyncIterator<string>;
  let buffer = '';
  const frames: Frame[] = [];
  const read = async (): Promise<boolean> => {
    const chunk = await chunks.next().catch(() => ({ done: true, value: undefined }));
    if (chunk.done) return false;
    buffer += chunk.value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = parseFrame(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (frame) frames.push(frame);
    }
    return true;
  };
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    async text() {
      while (await read());
      return buffer;
    },
    async next(match = () => true) {
      for (;;) {
        const index = frames.findIndex(match);
        if (index >= 0) return frames.splice(0, index + 1).at(-1) as Frame;
        if (!(await read())) throw new Error(`the stream ended before the frame; unread: ${JSON.stringify(frames)}`);
      }
    },
    async rest() {
      while (await read());
      return frames.splice(0);
    },
    close: () => req.destroy(),
  };
}

export const dataOf = <T>(frame: Frame): T => JSON.parse(frame.data ?? 'null') as T;
export const hasData = (frame: Frame): boolean => frame.data !== undefined && frame.event === undefined;

/** Starts `app` on a free port of 127.0.0.1, or on a unix socket at `path`; answers the base URL openStream takes. */
export async function listen(app: FastifyInstance, path?: string): Promise<string> {
  if (path) {
    await app.listen({ path });
    return `unix:${path}`;
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * A suite's streams: `open` is GET /api/events with a member's token (and a Last-Event-ID), on the server the suite
 * started (`baseUrl()`); every stream it opened is closed after each test.
 */
export function suiteStreams(baseUrl: () => string) {
  const opened: TestStream[] = [];
  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
  });
  return async (token: string, lastEventId?: number | string): Promise<TestStream> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
    const stream = await openStream(baseUrl(), headers);
    opened.push(stream);
    return stream;
  };
}
