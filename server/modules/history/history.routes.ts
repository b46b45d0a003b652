import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { daySchema, timeSchema, tourNameSchema } from '../../../src/domain/schemas/booking';
import { historySchema } from '../../../src/domain/schemas/events';
import { errors, INPUT, MEMBER } from '../../lib/errorResponses';
import { requireCaller } from '../../db/signedIn';
import type { HistoryService } from './history.service';

const tags = ['History'];

/** A booking's history and a slot's recent activity (the live stream: modules/live). */
export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (app, { history }) => {
  app.get(
    '/api/bookings/:id/history',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'A booking’s history',
        operationId: 'getBookingHistory',
        params: z.object({ id: z.uuid({ message: 'Not a booking id' }) }),
        response: { 200: historySchema, ...errors(MEMBER, INPUT, { 403: ['SLOT_HIDDEN'], 404: ['NOT_FOUND'] }) },
      },
    },
    async (request) => history.booking(requireCaller(request), request.params.id),
  );

  app.get(
    '/api/bookings/date/:day/:time/:tour/activity',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'A slot’s recent activity',
        operationId: 'getSlotActivity',
        params: z.object({ day: daySchema, time: timeSchema, tour: tourNameSchema }),
        response: { 200: historySchema, ...errors(MEMBER, INPUT, { 403: ['SLOT_HIDDEN'] }) },
      },
    },
    async (request) => history.slot(requireCaller(request), request.params),
  );
};
