import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tenancy } from '../../db/tenancy';
import { errors, INPUT, MEMBER } from '../../lib/errorResponses';
import { requireCaller } from '../../plugins/auth';
import type { EventHub } from './eventHub';
import { LiveStream, type LiveOptions } from './liveStream';

/** A reader this far behind is cut; it resumes from its last id. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** Written to the socket by LiveStream, never serialized: declared for the API's documentation. */
const eventStream = {
  description:
    'Server-sent events (`text/event-stream`), open until the client leaves. Each change is `id: <n>` and ' +
    '`data: <JSON event: kind, slot, bookings, gone, note>`; `event: reset` means refetch what is shown, ' +
    '`event: renew` means renew the access token and reconnect with `Last-Event-ID`. Keep-alive comments come ' +
    'every 20 s.',
  content: { 'text/event-stream': { schema: z.string() } },
};
/** Browsers send the last id they saw when they reconnect; our app sends it too. */
const lastEventIdSchema = z.object({ 'last-event-id': z.coerce.number().int().min(0).optional() });

export const liveRoutes: FastifyPluginAsyncZod<{
  hub: EventHub;
  tenancy: Tenancy;
  now: () => Date;
  live: Omit<LiveOptions, 'maxBufferedBytes'>;
}> = async (app, { hub, tenancy, now, live }) => {
  const streams = new Set<LiveStream>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
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
        response: { 200: eventStream, ...errors(MEMBER, INPUT) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      // The session is checked before the stream opens, so a signed-out member gets the usual 401 answer.
      const auth = await tenancy.runAs(caller, async (_tx, member) => member);
      const options = { ...live, maxBufferedBytes: MAX_BUFFERED_BYTES };
      const stream = new LiveStream(reply.raw, caller, auth, { hub, tenancy, now }, options);
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      streams.add(stream);
      reply.raw.on('close', () => streams.delete(stream));
      await stream.start(request.headers['last-event-id'] ?? null).catch(() => stream.end());
    },
  );
};
