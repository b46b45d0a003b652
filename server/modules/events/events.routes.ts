import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import { daySchema, timeSchema, tourNameSchema } from '../../../src/domain/schemas/booking';
import { historySchema } from '../../../src/domain/schemas/events';
import { requireCaller } from '../../plugins/auth';
import type { Tenancy } from '../../db/tenancy';
import type { EventHub } from './eventHub';
import type { HistoryService } from './history.service';
import { LiveStream, type LiveOptions } from './liveStream';

/** A reader this far behind is cut; it resumes from its last id. */
const MAX_BUFFERED_BYTES = 1 << 20;
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
/** Browsers send the last id they saw when they reconnect; our app sends it too. */
const lastEventIdSchema = z.object({ 'last-event-id': z.coerce.number().int().min(0).optional() });

export const eventsRoutes: FastifyPluginAsyncZod<{
  history: HistoryService;
  hub: EventHub;
  tenancy: Tenancy;
  now: () => Date;
  live: Omit<LiveOptions, 'maxBufferedBytes'>;
}> = async (app, { history, hub, tenancy, now, live }) => {
  app.get(
    '/api/bookings/:id/history',
    {
      config: { access: 'member' },
      schema: {
        params: z.object({ id: z.uuid({ message: 'Not a booking id' }) }),
        response: { 200: historySchema, ...errors },
      },
    },
    async (request) => history.booking(requireCaller(request), request.params.id),
  );

  app.get(
    '/api/bookings/date/:day/:time/:tour/activity',
    {
      config: { access: 'member' },
      schema: {
        params: z.object({ day: daySchema, time: timeSchema, tour: tourNameSchema }),
        response: { 200: historySchema, ...errors },
      },
    },
    async (request) => history.slot(requireCaller(request), request.params),
  );

  const streams = new Set<LiveStream>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
    await hub.close();
  });

  // Server-sent events, with the access token in the Authorization header like every call (never in the URL).
  app.get(
    '/api/events',
    { config: { access: 'member', stream: true }, schema: { headers: lastEventIdSchema, response: errors } },
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
