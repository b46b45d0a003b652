import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingSchema } from '../../../src/domain/schemas/booking';
import { seatConflictSchema } from '../../../src/domain/schemas/capacity';
import {
  channelBookingBodySchema,
  channelBookingParamsSchema,
  channelChangesQuerySchema,
  channelChangesSchema,
} from '../../../src/domain/schemas/channel';
import { CHANNEL, errorResponse, errors, INPUT, JSON_BODY } from '../../lib/errorResponses';
import { requireApiKey } from '../../plugins/auth';
import type { ChannelBookingsService } from './channelBookings.service';
import { KeyRateLimit } from './keyRateLimit';

export interface ChannelRoutesOptions {
  channel: ChannelBookingsService;
  /** Per API key and window: a runaway channel slows itself, not the company's guides. */
  rateLimit: { max: number; timeWindow: number };
}

const tags = ['Channel'];

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
          '201 when it is new, 200 when it was there; the same body again changes nothing. `source` is one of the ' +
          'company’s sources, `externalId` the channel’s own booking reference. A write that puts guests on a ' +
          'departure (a new booking, more guests, another date, time or tour) is judged against the company’s ' +
          'timetable, for a tour that has one: 409 `NO_DEPARTURE` when the timetable has no departure of the tour ' +
          'at that date and time, 409 `OVER_CAPACITY` when the departure has fewer seats left than it needs ' +
          '(`details.seatsLeft`, `details.capacity`), and 400 `DEPARTURE_PAST` when the departure has already ' +
          'started. Fewer guests, a new name or phone, and cancelling always pass.',
        operationId: 'putChannelBooking',
        params: channelBookingParamsSchema,
        body: channelBookingBodySchema,
        response: {
          200: bookingSchema,
          201: bookingSchema,
          ...errors(CHANNEL, JSON_BODY, { 400: ['UNKNOWN_SOURCE', 'UNKNOWN_TOUR', 'DEPARTURE_PAST'] }),
          409: errorResponse(
            ['COUNTS_BELOW_CHECKED_IN', 'CANCELLED', 'STALE_BOOKING', 'OVER_CAPACITY', 'NO_DEPARTURE'],
            seatConflictSchema,
          ),
        },
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
        summary: 'Cancel a booking by its channel reference',
        operationId: 'cancelChannelBooking',
        params: channelBookingParamsSchema,
        response: {
          200: bookingSchema,
          ...errors(CHANNEL, INPUT, { 404: ['NOT_FOUND'], 409: ['STALE_BOOKING'] }),
        },
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
        summary: 'The bookings changed since a time',
        description:
          'Oldest first, 500 at a time: `next` is the query of the following page (`since` with `after`, the ' +
          'last booking id), null on the last. A change is listed once it is 30 seconds old: a write stamps its ' +
          'rows when its transaction starts, so one committing late would otherwise fall behind a cursor that has ' +
          'passed it. Poll again from the last `next` (or the last `changedAt`).',
        operationId: 'getChannelChanges',
        querystring: channelChangesQuerySchema,
        response: { 200: channelChangesSchema, ...errors(CHANNEL, INPUT) },
      },
    },
    async (request) => channel.changes(requireApiKey(request), request.query.since, request.query.after),
  );
};
