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
import { requireApiKey } from '../../db/signedIn';
import type { CallLimit } from './callLimit';
import type { ChannelBookingsService } from './channelBookings.service';

export interface ChannelRoutesOptions {
  channel: ChannelBookingsService;
  /** Refused calls (401) per address: past the limit, the address's calls are refused before any key is read. */
  refusedCalls: CallLimit;
}

const tags = ['Channel'];
/** Writes a booking's check-ins keep out: refused, and listed for the company's Managers. */
const CHECK_INS_KEPT = ['COUNTS_BELOW_CHECKED_IN', 'CANCEL_CHECKED_IN', 'MOVE_CHECKED_IN'] as const;
/** A source the key does not reach reads as no booking at all. */
const NOT_REACHED = { 404: ['NOT_FOUND'] } as const;

/**
 * The channel API, reached with a company's API key only. A call is counted against its key's limit once the key is
 * verified (channelActor.ts); refused calls are counted per address.
 */
export const channelRoutes: FastifyPluginAsyncZod<ChannelRoutesOptions> = async (app, { channel, refusedCalls }) => {
  const config = { access: 'channel' as const };
  app.addHook('preHandler', async (request) => refusedCalls.check(request.ip));
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 401) refusedCalls.count(request.ip);
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
          'started. Fewer guests, a new name or phone, and cancelling always pass. Guests checked in are never ' +
          'lost: fewer guests than checked in (409 `COUNTS_BELOW_CHECKED_IN`), a cancellation (`CANCEL_CHECKED_IN`) ' +
          'or another date, time or tour (`MOVE_CHECKED_IN`) of a booking with check-ins is refused, and listed for ' +
          'the company’s Managers. The key reaches its own sources only: another source answers 404. `Manually ' +
          'added` is Tourdesk’s mark of a booking made at the desk, never a channel reference (400).',
        operationId: 'putChannelBooking',
        params: channelBookingParamsSchema,
        body: channelBookingBodySchema,
        response: {
          200: bookingSchema,
          201: bookingSchema,
          ...errors(CHANNEL, JSON_BODY, NOT_REACHED, { 400: ['UNKNOWN_SOURCE', 'UNKNOWN_TOUR', 'DEPARTURE_PAST'] }),
          409: errorResponse(
            [...CHECK_INS_KEPT, 'CANCELLED', 'STALE_BOOKING', 'OVER_CAPACITY', 'NO_DEPARTURE'],
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
        description:
          'A booking with guests checked in is not cancelled: 409 `CANCEL_CHECKED_IN`, and the refusal is listed ' +
          'for the company’s Managers.',
        operationId: 'cancelChannelBooking',
        params: channelBookingParamsSchema,
        response: {
          200: bookingSchema,
          ...errors(CHANNEL, INPUT, NOT_REACHED, { 409: ['STALE_BOOKING', 'CANCEL_CHECKED_IN'] }),
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
        summary: 'The bookings of the key’s sources changed since a time',
        description:
          'A booking’s phone is shown only when it is the one a channel sent. Oldest first, 500 at a time: `next` is the query of the following page (`since` with `after`, the ' +
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
