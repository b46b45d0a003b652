import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import {
  addBookingBodySchema,
  bookingSchema,
  checkInBodySchema,
  dayBookingsSchema,
  daySchema,
  editBookingBodySchema,
  nearbyToursSchema,
  slotBookingsSchema,
  timeSchema,
  tourNameSchema,
} from '../../../src/domain/schemas/booking';
import { assignGuideBodySchema, timeRangeBodySchema } from '../../../src/domain/schemas/team';
import { requireCaller } from '../../plugins/auth';
import type { BookingEditsService } from './bookingEdits.service';
import type { BookingsService } from './bookings.service';
import type { GuideBookingsService } from './guideBookings.service';

const idParams = z.object({ id: z.uuid({ message: 'Not a booking id' }) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const conflict = errorBodySchema.extend({ current: bookingSchema.optional() });

export const bookingsRoutes: FastifyPluginAsyncZod<{
  bookings: BookingsService;
  bookingEdits: BookingEditsService;
  guideBookings: GuideBookingsService;
}> = async (app, { bookings, bookingEdits, guideBookings }) => {
  app.get(
    '/api/bookings/date/:day',
    {
      config: { access: 'member' },
      schema: { params: z.object({ day: daySchema }), response: { 200: dayBookingsSchema, ...errors } },
    },
    async (request) => bookings.day(requireCaller(request), request.params.day),
  );

  app.get(
    '/api/bookings/date/:day/:time/:tour',
    {
      config: { access: 'member' },
      schema: {
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
        params: idParams,
        body: checkInBodySchema,
        response: { 200: bookingSchema, ...errors, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => bookings.checkIn(requireCaller(request), request.params.id, request.body),
  );

  app.patch(
    '/api/bookings/edit/:id',
    {
      config: { access: 'member' },
      schema: {
        params: idParams,
        body: editBookingBodySchema,
        response: { 200: bookingSchema, ...errors, 409: conflict, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => bookingEdits.edit(requireCaller(request), request.params.id, request.body),
  );

  app.post(
    '/api/bookings/add-booking',
    {
      config: { access: 'member' },
      schema: {
        body: addBookingBodySchema,
        response: { 201: bookingSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
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
