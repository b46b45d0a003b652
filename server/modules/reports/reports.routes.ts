import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  feeRowSchema,
  feesBodySchema,
  reportPageSchema,
  reportParamsSchema,
  reportQuerySchema,
} from '../../../src/domain/schemas/reports';
import { errors, INPUT, JSON_BODY, MANAGER } from '../../lib/errorResponses';
import { requireManager } from '../../db/signedIn';
import type { ExportLimiter } from './exportLimiter';
import type { ReportsService } from './reports.service';

const tags = ['Reports'];
/** Fastify picks the schema by the answer's media type; the CSV is a stream, sent as it is (hence `any`). */
const pageOrCsv = {
  description: 'A page of the report; with `format=csv`, the whole report as a CSV download (`data.csv`).',
  content: {
    'application/json': { schema: reportPageSchema },
    'text/csv': { schema: z.any().describe('A header row, then one row per booking.') },
  },
};

export interface ReportsRoutesOptions {
  reports: ReportsService;
  exports: ExportLimiter;
  /** A download whose client takes nothing for this long is ended (its socket closed). */
  stallTimeoutMs: number;
}

export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, opts) => {
  const { reports } = opts;
  app.get(
    '/api/bookings/reports/:field/:startDate/:endDate/:sources/:tours',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'A no-show or reservation report',
        description:
          '`field` `date` filters by tour date (the no-show report, spec checkinStatus), `createdAt` by the day ' +
          'the booking was made (reservationDate); both days are included, in the company’s time zone.',
        operationId: 'getReport',
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        response: {
          200: pageOrCsv,
          ...errors(MANAGER, INPUT, {
            400: ['UNKNOWN_SOURCE', 'UNKNOWN_TOUR', 'AMBIGUOUS_NAMES'],
            429: ['EXPORT_LIMIT'],
          }),
        },
      },
    },
    async (request, reply) => {
      const auth = requireManager(request);
      const { page, pageSize, format, type, onlyNoShows, headerLanguage } = request.query;
      const report = { ...request.params, onlyNoShows };
      if (format === 'csv') {
        const release = opts.exports.acquire(auth.companyId);
        // 'close' comes when the answer has gone, or the client left or stalled past the timeout: the slot is free.
        reply.raw.once('close', release);
        reply.raw.setTimeout(opts.stallTimeoutMs, () => reply.raw.destroy());
        const stream = await reports.csv(auth, report, type, headerLanguage);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="data.csv"')
          .header('Cache-Control', 'no-store')
          .send(stream);
      }
      return reports.page(auth, report, page, pageSize);
    },
  );

  app.post(
    '/api/bookings/fees',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'A day’s guests checked in, per tour and source',
        operationId: 'getFees',
        body: feesBodySchema,
        response: { 200: z.array(feeRowSchema), ...errors(MANAGER, JSON_BODY) },
      },
    },
    async (request) => reports.fees(requireManager(request), request.body.from, request.body.to),
  );
};
