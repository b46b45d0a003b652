import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteUniqueId } from '../../../src/domain/slotRules';
import { daySchema, timeSchema, tourNameSchema } from '../../../src/domain/schemas/booking';
import {
  guideShiftRowSchema,
  saveShiftGuidesBodySchema,
  shiftSchema,
  timeRangeBodySchema,
} from '../../../src/domain/schemas/team';
import { errors, INPUT, JSON_BODY, MEMBER, type ErrorCodes } from '../../lib/errorResponses';
import { requireCaller } from '../../db/signedIn';
import type { ShiftsService } from './shifts.service';

/** Reading a shift: a Guide sees only their window's; a slot without one has none. */
const SHIFT_READ = { 403: ['SLOT_HIDDEN'], 404: ['NO_SHIFT'] } as const satisfies ErrorCodes;
const shiftStringParams = z.object({ shiftString: z.string().min(1).max(300) });

const tags = ['Shifts'];

export const shiftsRoutes: FastifyPluginAsyncZod<{ shifts: ShiftsService }> = async (app, { shifts }) => {
  app.post(
    '/api/shift/guide-time-range',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'A guide’s shifts in a range of days',
        description: 'A Guide may ask only for their own.',
        operationId: 'getGuideShifts',
        body: timeRangeBodySchema,
        response: {
          200: z.array(guideShiftRowSchema),
          ...errors(MEMBER, JSON_BODY, { 403: ['FORBIDDEN'], 404: ['NOT_FOUND'] }),
        },
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
        summary: 'A slot’s shift',
        description: 'The company name in the path is the spec’s and is not read: the company is the caller’s.',
        operationId: 'getSlotShift',
        params: z.object({ time: timeSchema, day: daySchema, tour: tourNameSchema, companyName: z.string().max(200) }),
        response: { 200: shiftSchema, ...errors(MEMBER, INPUT, SHIFT_READ) },
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
      schema: {
        tags,
        summary: 'A shift by its key',
        operationId: 'getShift',
        params: shiftStringParams,
        response: { 200: shiftSchema, ...errors(MEMBER, INPUT, SHIFT_READ) },
      },
    },
    async (request) => shifts.get(requireCaller(request), request.params.shiftString),
  );

  app.post(
    '/api/shift/:shiftString/guides',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Split a slot between guides',
        operationId: 'saveShiftGuides',
        params: shiftStringParams,
        body: saveShiftGuidesBodySchema,
        response: {
          200: shiftSchema,
          ...errors(MEMBER, JSON_BODY, {
            400: ['DUPLICATE_GUIDE', 'UNKNOWN_GUIDE'],
            403: ['SLOT_HIDDEN', 'SLOT_LOCKED'],
          }),
        },
      },
    },
    async (request) => shifts.saveGuides(requireCaller(request), request.params.shiftString, request.body),
  );
};
