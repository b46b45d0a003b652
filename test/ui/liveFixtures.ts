import { http, HttpResponse } from 'msw';
import type { LiveEvent } from '../../src/domain/events';
import { apiUrl } from './fixtures';

const encoder = new TextEncoder();
const EVENT_STREAM = { 'content-type': 'text/event-stream' };

/** An event-stream answer that stays open and sends nothing: what a quiet company looks like. */
export const quietLiveStream = () =>
  http.get(apiUrl('/api/events'), () => new HttpResponse(new ReadableStream(), { headers: EVENT_STREAM }));

/**
 * Answers GET /api/events with a stream the test writes to. `requests` are the stream requests made (reconnections
 * included); `send`, `frame` and `end` act on the latest one.
 */
export function serveLive() {
  const requests: Request[] = [];
  const streams: Array<ReadableStreamDefaultController<Uint8Array>> = [];
  const handler = http.get(apiUrl('/api/events'), ({ request }) => {
    requests.push(request);
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) });
    return new HttpResponse(body, { headers: EVENT_STREAM });
  });
  const latest = () => {
    const stream = streams.at(-1);
    if (!stream) throw new Error('The app has not opened the live stream');
    return stream;
  };
  /** Writes raw text, e.g. an `event: reset` frame. */
  const frame = (text: string) => latest().enqueue(encoder.encode(text));
  let nextId = 100;
  /** Sends an event as the server does: its id, then its JSON. */
  const send = (event: Partial<LiveEvent> & Pick<LiveEvent, 'kind'>) => {
    const id = event.id ?? nextId++;
    const full: LiveEvent = { id, slot: null, bookings: [], gone: [], ...event };
    frame(`id: ${id}\ndata: ${JSON.stringify(full)}\n\n`);
  };
  return { handler, requests, frame, send, end: () => latest().close() };
}
