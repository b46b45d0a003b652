import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import { bookingSchema } from '../../../src/domain/schemas/booking';
import { seatConflictSchema } from '../../../src/domain/schemas/capacity';
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
        summary: 'Create (201) or update (200) the booking with this channel reference',
        description:
          'A write that puts guests on a departure (a new booking, more guests, another date, time or tour) is ' +
          "judged against the company's timetable, for a tour that has one: 409 `NO_DEPARTURE` when the timetable " +
          'has no departure of the tour at that date and time, 409 `OVER_CAPACITY` when the departure has fewer ' +
          'seats left than it needs (`details.seatsLeft`, `details.capacity`), and 400 `DEPARTURE_PAST` when the ' +
          'departure has already started. Fewer guests, a new name or phone, and cancelling always pass. ' +
          'Also 409 `COUNTS_BELOW_CHECKED_IN` and `CANCELLED`.',
        params: channelBookingParamsSchema,
        body: channelBookingBodySchema,
        response: { 200: bookingSchema, 201: bookingSchema, ...bodyErrors, 409: seatConflictSchema },
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
