import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import { bookingSchema } from '../../../src/domain/schemas/booking';
import {
  channelBookingBodySchema,
  channelBookingParamsSchema,
  channelChangesQuerySchema,
  channelChangesSchema,
} from '../../../src/domain/schemas/channel';
import { requireApiKey } from '../../plugins/auth';
import type { ChannelBookingsService } from './channelBookings.service';
import { KeyRateLimit } from './keyRateLimit';

export interface ChannelRoutesOptions {
  channel: ChannelBookingsService;
  /** Per API key and window: a runaway channel slows itself, not the company's guides. */
  rateLimit: { max: number; timeWindow: number };
}

const tags = ['Channel'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };
const bodyErrors = { ...errors, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema };

/** The channel API (issue 24), reached with a company's API key only. */
export const channelRoutes: FastifyPluginAsyncZod<ChannelRoutesOptions> = async (app, { channel, rateLimit }) => {
  const config = { access: 'channel' as const };
  const limit = new KeyRateLimit(rateLimit.max, rateLimit.timeWindow);
  // After the key is read (plugins/auth.ts, onRequest); a call without a key is refused there or by requireApiKey.
  app.addHook('preHandler', async (request) => {
    if (request.apiKey) limit.hit(request.apiKey.keyId);
  });

  // Idempotent by its path: the same booking sent again changes nothing.
  app.put(
    '/api/v1/bookings/:source/:externalId',
    {
      config,
      schema: {
        tags,
        params: channelBookingParamsSchema,
        body: channelBookingBodySchema,
        response: { 200: bookingSchema, 201: bookingSchema, ...bodyErrors },
      },
    },
    async (request, reply) => {
      const { source, externalId } = request.params;
      const { status, booking } = await channel.upsert(requireApiKey(request), source, externalId, request.body);
      return reply.status(status).send(booking);
    },
  );

  app.delete(
    '/api/v1/bookings/:source/:externalId',
    {
      config,
      schema: {
        tags,
        params: channelBookingParamsSchema,
        response: { 200: bookingSchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request) => channel.cancel(requireApiKey(request), request.params.source, request.params.externalId),
  );

  app.get(
    '/api/v1/bookings',
    {
      config,
      schema: {
        tags,
        querystring: channelChangesQuerySchema,
        response: { 200: channelChangesSchema, ...errors },
      },
    },
    async (request) => channel.changes(requireApiKey(request), request.query.since, request.query.after),
  );
};
