import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import {
  addBookingBodySchema,
  bookingSchema,
  checkInBodySchema,
  checkInConflictSchema,
  dayBookingsSchema,
  daySchema,
  editBookingBodySchema,
  nearbyToursSchema,
  slotBookingsSchema,
  timeSchema,
  tourNameSchema,
} from '../../../src/domain/schemas/booking';
import { seatConflictSchema } from '../../../src/domain/schemas/capacity';
import { assignGuideBodySchema, timeRangeBodySchema } from '../../../src/domain/schemas/team';
import { errorResponse, errors, INPUT, JSON_BODY, MEMBER, type ErrorCodes } from '../../lib/errorResponses';
import { requireCaller } from '../../db/signedIn';
import type { BookingEditsService } from './bookingEdits.service';
import type { BookingsService } from './bookings.service';
import type { CheckInsService } from './checkIns.service';
import type { GuideBookingsService } from './guideBookings.service';

const idParams = z.object({ id: z.uuid({ message: 'Not a booking id' }) });
const conflict = errorBodySchema.extend({ current: bookingSchema.optional() });
/** An edit's 409: another write came first (`current`), or the departure has no seats for it. */
const editConflict = seatConflictSchema.extend({ current: bookingSchema.optional() });
const checkInConflict = conflict.extend({ conflicts: z.array(checkInConflictSchema).optional() });
/** draft-ietf-httpapi-idempotency-key-header: a quoted string; a bare one is taken too. */
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^"?[\x21\x23-\x7e]{1,255}"?$/, 'Idempotency-Key: a string of up to 255 visible characters')
    .transform((key) => key.replace(/^"(.*)"$/, '$1'))
    .optional()
    .describe(
      'Makes a retry safe: the same key with the same body applies once and answers the stored answer again; with ' +
        'another body it is 422 `IDEMPOTENCY_KEY_REUSED`, while the first is still running 409 ' +
        '`IDEMPOTENCY_IN_FLIGHT`. Keys are kept 30 days per member; the event log records the key.',
    ),
});
/** Rules of a booking's slot for a Guide. */
const SLOT_RULES = { 403: ['SLOT_HIDDEN', 'SLOT_LOCKED'] } as const satisfies ErrorCodes;

const tags = ['Bookings'];

export const bookingsRoutes: FastifyPluginAsyncZod<{
  bookings: BookingsService;
  checkIns: CheckInsService;
  bookingEdits: BookingEditsService;
  guideBookings: GuideBookingsService;
}> = async (app, { bookings, checkIns, bookingEdits, guideBookings }) => {
  app.get(
    '/api/bookings/date/:day',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'A day’s bookings',
        description: 'A Guide gets only the slots of their window; `hiddenSlots` counts the others.',
        operationId: 'getDayBookings',
        params: z.object({ day: daySchema }),
        response: { 200: dayBookingsSchema, ...errors(MEMBER, INPUT) },
      },
    },
    async (request) => bookings.day(requireCaller(request), request.params.day),
  );

  app.get(
    '/api/bookings/date/:day/:time/:tour',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'A slot’s bookings',
        operationId: 'getSlotBookings',
        params: z.object({ day: daySchema, time: timeSchema, tour: tourNameSchema }),
        response: { 200: slotBookingsSchema, ...errors(MEMBER, INPUT, { 403: ['SLOT_HIDDEN'] }) },
      },
    },
    async (request) => bookings.slot(requireCaller(request), request.params),
  );

  app.get(
    '/api/bookings/nearbytours/:day/:startTime/:endTime',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'The slots between two times of a day',
        operationId: 'getNearbyTours',
        params: z.object({ day: daySchema, startTime: timeSchema, endTime: timeSchema }),
        response: { 200: nearbyToursSchema, ...errors(MEMBER, INPUT) },
      },
    },
    async (request) => {
      const { day, startTime, endTime } = request.params;
      return bookings.nearby(requireCaller(request), day, startTime, endTime);
    },
  );

  app.patch(
    '/api/bookings/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Check in a booking',
        description:
          'Sets how many guests of each type came. Send `Idempotency-Key` so a retry after a lost answer applies ' +
          'once; send `base` (the counts the device saw) so another device’s check-in since is kept rather than ' +
          'overwritten (409 `CHECK_IN_CONFLICT`), and `madeAt` (when it was made on the device) so a check-in that ' +
          'waited for the network is judged by the lock as it was then. A retry answers what was done as the ' +
          'caller may see the booking now: a field hidden from their role since is left out, and a booking moved ' +
          'out of their window since is refused (403 `SLOT_HIDDEN`).',
        operationId: 'checkInBooking',
        params: idParams,
        headers: idempotencyHeaders,
        body: checkInBodySchema,
        response: {
          200: bookingSchema,
          ...errors(MEMBER, JSON_BODY, SLOT_RULES, {
            400: ['UNKNOWN_GUIDE', 'ATTENDEES_OVER_BOOKED'],
            404: ['NOT_FOUND'],
            422: ['IDEMPOTENCY_KEY_REUSED'],
          }),
          409: errorResponse(
            ['CHECK_IN_CONFLICT', 'STALE_BOOKING', 'BOOKING_CANCELLED', 'IDEMPOTENCY_IN_FLIGHT'],
            checkInConflict,
          ),
        },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const answer = await checkIns.checkIn(requireCaller(request), request.params.id, request.body, key);
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.patch(
    '/api/bookings/edit/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Edit or cancel a booking',
        description: 'Send the `version` the booking was read at: a booking changed since is 409 `STALE_BOOKING`.',
        operationId: 'editBooking',
        params: idParams,
        body: editBookingBodySchema,
        response: {
          200: bookingSchema,
          ...errors(MEMBER, JSON_BODY, SLOT_RULES, {
            400: ['UNKNOWN_TOUR', 'UNKNOWN_SOURCE', 'UNKNOWN_GUIDE', 'SOURCE_LOCKED'],
            403: ['FORBIDDEN'],
            404: ['NOT_FOUND'],
          }),
          409: errorResponse(['STALE_BOOKING', 'BOOKING_CANCELLED', 'OVER_CAPACITY'], editConflict),
        },
      },
    },
    async (request) => bookingEdits.edit(requireCaller(request), request.params.id, request.body),
  );

  app.post(
    '/api/bookings/add-booking',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Add a booking',
        operationId: 'addBooking',
        body: addBookingBodySchema,
        response: {
          201: bookingSchema,
          ...errors(MEMBER, JSON_BODY, SLOT_RULES, {
            400: ['UNKNOWN_TOUR', 'UNKNOWN_SOURCE', 'ATTENDEES_OVER_BOOKED'],
            403: ['FORBIDDEN'],
          }),
          409: errorResponse(['OVER_CAPACITY'], seatConflictSchema),
        },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return bookings.add(requireCaller(request), request.body);
    },
  );

  app.put(
    '/api/bookings/assign-guide',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Assign bookings of one slot to a guide',
        operationId: 'assignGuide',
        body: assignGuideBodySchema,
        response: {
          200: z.array(bookingSchema),
          ...errors(MEMBER, JSON_BODY, SLOT_RULES, { 400: ['UNKNOWN_GUIDE'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => guideBookings.assignGuide(requireCaller(request), request.body.bookingIds, request.body.guide),
  );

  app.post(
    '/api/bookings/guide-time-range',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'The bookings a guide led in a range of days',
        description: 'A Guide may ask only for their own.',
        operationId: 'getGuideBookings',
        body: timeRangeBodySchema,
        response: {
          200: z.array(bookingSchema),
          ...errors(MEMBER, JSON_BODY, { 403: ['FORBIDDEN'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const { start, end } = request.body.timeRange;
      return guideBookings.guideBookings(requireCaller(request), request.body.guide, start, end);
    },
  );
};
