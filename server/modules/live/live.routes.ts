import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tenancy } from '../../db/tenancy';
import { errors, INPUT, MEMBER } from '../../lib/errorResponses';
import type { Metrics } from '../../lib/metrics';
import { requireCaller } from '../../db/signedIn';
import type { EventHub } from './eventHub';
import { openStream } from './live.service';
import { LiveStream, type LiveOptions } from './liveStream';
import type { SessionChecks } from './sessionChecks';
import type { StreamLimits } from './streamLimits';

/** Written to the socket by LiveStream, never serialized: declared for the API's documentation. */
const eventStream = {
  description:
    'Server-sent events (`text/event-stream`), open until the client leaves. Each change is `id: <n>`, its place ' +
    'in the company’s own log, and `data: <JSON event: kind, slot, bookings, gone, note>`; `event: reset` (with ' +
    'the id to resume after) means refetch what is shown, `event: renew` means renew the access token and ' +
    'reconnect with `Last-Event-ID`. Keep-alive comments come every 20 s. A member, a company and an address hold ' +
    'a limited number of streams at once: one more is answered 429 with `Retry-After`.',
  content: { 'text/event-stream': { schema: z.string() } },
};
/**
 * Browsers send the last id they saw when they reconnect; our app sends it too. Any text is taken: a refusal would
 * stop the stream for good, as the client sends the same id again.
 */
const lastEventIdSchema = z.object({ 'last-event-id': z.string().optional() });

/** Past the end of any company's log: what an id this log never gives (not a count) stands for. */
const PAST_THE_END = Number.MAX_SAFE_INTEGER;

/** The id a client resumes after; one it cannot have been given reads as past the log's end, so it is reset. */
function resumeAfter(header: string): number {
  return /^\d{1,15}$/.test(header) ? Number(header) : PAST_THE_END;
}

export const liveRoutes: FastifyPluginAsyncZod<{
  hub: EventHub;
  sessions: SessionChecks;
  limits: StreamLimits;
  tenancy: Tenancy;
  now: () => Date;
  live: LiveOptions;
  metrics: Metrics;
}> = async (app, { hub, sessions, limits, tenancy, now, live, metrics }) => {
  const streams = new Set<LiveStream>();
  // Before the server waits for its requests to end: a stream would never end by itself.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.shutdown();
    await hub.close();
  });

  // Server-sent events, with the access token in the Authorization header like every call (never in the URL).
  app.get(
    '/api/events',
    {
      config: { access: 'member', stream: true },
      schema: {
        tags: ['Live'],
        summary: 'Live changes, as server-sent events',
        description:
          'Send the access token as `Authorization: Bearer` (read the stream with `fetch`: `EventSource` cannot ' +
          'send it) and, on reconnecting, the last id seen as `Last-Event-ID`.',
        operationId: 'streamEvents',
        headers: lastEventIdSchema,
        response: { 200: eventStream, ...errors(MEMBER, INPUT, { 429: ['LIVE_STREAM_LIMIT'] }) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      // Counted before anything is read: a stream refused costs the database nothing.
      const release = limits.acquire(caller, request.ip);
      reply.raw.once('close', release);
      const header = request.headers['last-event-id'];
      const lastEventId = header === undefined ? null : resumeAfter(header);
      const { auth, opening } = await openStream(tenancy, caller, lastEventId, live.replayMax);
      const stream = new LiveStream(reply.raw, caller, { hub, sessions, now }, live);
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      streams.add(stream);
      metrics.liveStreams.inc();
      reply.raw.on('close', () => {
        streams.delete(stream);
        metrics.liveStreams.dec();
      });
      const session = sessions.join(caller, auth, stream);
      await stream.start(session, opening).catch(() => stream.end());
    },
  );
};
