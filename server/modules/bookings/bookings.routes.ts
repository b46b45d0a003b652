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
import { requireAuth } from '../../plugins/auth';
import type { ShiftsService } from '../shifts/shifts.service';
import type { BookingsService, Slot } from './bookings.service';
import type { GuideBookingsService } from './guideBookings.service';

const idParams = z.object({ id: z.uuid({ message: 'Not a booking id' }) });
const idOf = (request: { params: unknown }) => (request.params as z.infer<typeof idParams>).id;
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const conflict = errorBodySchema.extend({ current: bookingSchema.optional() });

export const bookingsRoutes: FastifyPluginAsyncZod<{
  bookings: BookingsService;
  guideBookings: GuideBookingsService;
  shifts: ShiftsService;
}> = async (app, { bookings, guideBookings, shifts }) => {
  // A route prefetches only once its params are validated, so they have the schema's type.
  app.get(
    '/api/bookings/date/:day',
    {
      config: {
        access: 'member',
        prefetch: (request, companyId) => bookings.reads.day(companyId, (request.params as { day: string }).day),
      },
      schema: { params: z.object({ day: daySchema }), response: { 200: dayBookingsSchema, ...errors } },
    },
    async (request) => bookings.day(requireAuth(request), request.params.day),
  );

  app.get(
    '/api/bookings/date/:day/:time/:tour',
    {
      config: {
        access: 'member',
        prefetch: (request, companyId) => bookings.reads.slot(companyId, request.params as Slot),
      },
      schema: {
        params: z.object({ day: daySchema, time: timeSchema, tour: tourNameSchema }),
        response: { 200: slotBookingsSchema, ...errors },
      },
    },
    async (request) => bookings.slot(requireAuth(request), request.params),
  );

  app.get(
    '/api/bookings/nearbytours/:day/:startTime/:endTime',
    {
      config: {
        access: 'member',
        prefetch: (request, companyId) => {
          const { day, startTime, endTime } = request.params as { day: string; startTime: string; endTime: string };
          return bookings.reads.nearby(companyId, day, startTime, endTime);
        },
      },
      schema: {
        params: z.object({ day: daySchema, startTime: timeSchema, endTime: timeSchema }),
        response: { 200: nearbyToursSchema, ...errors },
      },
    },
    async (request) => {
      const { day, startTime, endTime } = request.params;
      return bookings.nearby(requireAuth(request), day, startTime, endTime);
    },
  );

  app.patch(
    '/api/bookings/:id',
    {
      config: { access: 'member', prefetch: (request, companyId) => bookings.reads.booking(companyId, idOf(request)) },
      schema: {
        params: idParams,
        body: checkInBodySchema,
        response: { 200: bookingSchema, ...errors, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => bookings.checkIn(requireAuth(request), request.params.id, request.body),
  );

  app.patch(
    '/api/bookings/edit/:id',
    {
      config: { access: 'member', prefetch: (request, companyId) => bookings.reads.booking(companyId, idOf(request)) },
      schema: {
        params: idParams,
        body: editBookingBodySchema,
        response: { 200: bookingSchema, ...errors, 409: conflict, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => bookings.edit(requireAuth(request), request.params.id, request.body),
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
      return bookings.add(requireAuth(request), request.body);
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
    async (request) => guideBookings.assignGuide(requireAuth(request), request.body.bookingIds, request.body.guide),
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
      const auth = requireAuth(request);
      const member = await shifts.member(auth, request.body.guide);
      const { start, end } = request.body.timeRange;
      return guideBookings.guideBookings(auth, member.name, start, end);
    },
  );
};
