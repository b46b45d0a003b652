import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { timetableSchema, timetableAnswerSchema } from '../../../src/domain/schemas/timetable';
import { errors, INPUT, JSON_BODY, MANAGER } from '../../lib/errorResponses';
import { requireManager } from '../../db/signedIn';
import type { TimetableService } from './timetable.service';

const params = z.object({ companyId: z.string().max(100) });
/** The path names the caller's company, or is answered as a company that does not exist. */
const OWN_COMPANY = { 404: ['COMPANY_NOT_FOUND'] } as const;

const tags = ['Timetable'];

export const timetableRoutes: FastifyPluginAsyncZod<{ timetable: TimetableService }> = async (app, { timetable }) => {
  app.get(
    '/api/company/:companyId/timetable',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'The company’s departures',
        operationId: 'getTimetable',
        params,
        response: { 200: timetableAnswerSchema, ...errors(MANAGER, INPUT, OWN_COMPANY) },
      },
    },
    async (request) => timetable.get(requireManager(request), request.params.companyId),
  );

  app.put(
    '/api/company/:companyId/timetable',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Replace the company’s departures',
        operationId: 'putTimetable',
        params,
        body: timetableSchema,
        response: {
          200: timetableAnswerSchema,
          ...errors(MANAGER, JSON_BODY, OWN_COMPANY, { 400: ['UNKNOWN_TOUR'] }),
        },
      },
    },
    async (request) => timetable.put(requireManager(request), request.params.companyId, request.body),
  );
};
