import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import { daySchema, timeSchema, tourNameSchema } from '../../../src/domain/schemas/booking';
import { historySchema } from '../../../src/domain/schemas/events';
import { requireCaller } from '../../plugins/auth';
import type { HistoryService } from './history.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const tags = ['History'];

/** A booking's history and a slot's recent activity (the live stream: live.routes.ts). */
export const eventsRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (app, { history }) => {
  app.get(
    '/api/bookings/:id/history',
    {
      config: { access: 'member' },
      schema: {
        tags,
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
        tags,
        params: z.object({ day: daySchema, time: timeSchema, tour: tourNameSchema }),
        response: { 200: historySchema, ...errors },
      },
    },
    async (request) => history.slot(requireCaller(request), request.params),
  );
};
