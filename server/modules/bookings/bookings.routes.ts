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
import { requireCaller } from '../../plugins/auth';
import type { BookingEditsService } from './bookingEdits.service';
import type { BookingsService } from './bookings.service';
import type { CheckInsService } from './checkIns.service';
import type { GuideBookingsService } from './guideBookings.service';

const idParams = z.object({ id: z.uuid({ message: 'Not a booking id' }) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
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
    .optional(),
});

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
      schema: { tags, params: z.object({ day: daySchema }), response: { 200: dayBookingsSchema, ...errors } },
    },
    async (request) => bookings.day(requireCaller(request), request.params.day),
  );

  app.get(
    '/api/bookings/date/:day/:time/:tour',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: z.object({ day: daySchema, time: timeSchema, tour: tourNameSchema }),
        response: { 200: slotBookingsSchema, ...errors },
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
        params: z.object({ day: daySchema, startTime: timeSchema, endTime: timeSchema }),
        response: { 200: nearbyToursSchema, ...errors },
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
        params: idParams,
        headers: idempotencyHeaders,
        body: checkInBodySchema,
        response: {
          200: bookingSchema,
          ...errors,
          409: checkInConflict,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
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
        params: idParams,
        body: editBookingBodySchema,
        response: { 200: bookingSchema, ...errors, 409: editConflict, 413: errorBodySchema, 415: errorBodySchema },
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
        body: addBookingBodySchema,
        response: {
          201: bookingSchema,
          ...errors,
          409: seatConflictSchema,
          413: errorBodySchema,
          415: errorBodySchema,
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
        body: assignGuideBodySchema,
        response: { 200: z.array(bookingSchema), ...errors, 413: errorBodySchema, 415: errorBodySchema },
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
        body: timeRangeBodySchema,
        response: { 200: z.array(bookingSchema), ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => {
      const { start, end } = request.body.timeRange;
      return guideBookings.guideBookings(requireCaller(request), request.body.guide, start, end);
    },
  );
};
