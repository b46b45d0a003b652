import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import { timetableSchema, timetableAnswerSchema } from '../../../src/domain/schemas/timetable';
import { requireManager } from '../../plugins/auth';
import type { TimetableService } from './timetable.service';

const params = z.object({ companyId: z.string().max(100) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const tags = ['Timetable'];

export const timetableRoutes: FastifyPluginAsyncZod<{ timetable: TimetableService }> = async (app, { timetable }) => {
  app.get(
    '/api/company/:companyId/timetable',
    { config: { access: 'manager' }, schema: { tags, params, response: { 200: timetableAnswerSchema, ...errors } } },
    async (request) => timetable.get(requireManager(request), request.params.companyId),
  );

  app.put(
    '/api/company/:companyId/timetable',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        params,
        body: timetableSchema,
        response: { 200: timetableAnswerSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => timetable.put(requireManager(request), request.params.companyId, request.body),
  );
};
