import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteUniqueId } from '../../../src/domain/slotRules';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import { daySchema, timeSchema, tourNameSchema } from '../../../src/domain/schemas/booking';
import {
  guideShiftRowSchema,
  saveShiftGuidesBodySchema,
  shiftSchema,
  timeRangeBodySchema,
} from '../../../src/domain/schemas/team';
import { requireCaller } from '../../plugins/auth';
import type { ShiftsService } from './shifts.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const shiftStringParams = z.object({ shiftString: z.string().min(1).max(300) });

const tags = ['Shifts'];

export const shiftsRoutes: FastifyPluginAsyncZod<{ shifts: ShiftsService }> = async (app, { shifts }) => {
  app.post(
    '/api/shift/guide-time-range',
    {
      config: { access: 'member' },
      schema: {
        tags,
        body: timeRangeBodySchema,
        response: { 200: z.array(guideShiftRowSchema), ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => shifts.guideShifts(requireCaller(request), request.body),
  );

  // The company name in the spec's path is ignored: the company comes from the token.
  app.get(
    '/api/shift/:time/:day/:tour/:companyName',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: z.object({ time: timeSchema, day: daySchema, tour: tourNameSchema, companyName: z.string().max(200) }),
        response: { 200: shiftSchema, ...errors },
      },
    },
    async (request) => {
      const { day, time, tour } = request.params;
      return shifts.get(requireCaller(request), noteUniqueId(day, time, tour));
    },
  );

  app.get(
    '/api/shift/:shiftString',
    {
      config: { access: 'member' },
      schema: { tags, params: shiftStringParams, response: { 200: shiftSchema, ...errors } },
    },
    async (request) => shifts.get(requireCaller(request), request.params.shiftString),
  );

  app.post(
    '/api/shift/:shiftString/guides',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: shiftStringParams,
        body: saveShiftGuidesBodySchema,
        response: { 200: shiftSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => shifts.saveGuides(requireCaller(request), request.params.shiftString, request.body),
  );
};
