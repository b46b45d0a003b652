import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import {
  companySchema,
  companySettingsBodySchema,
  tourColorSchema,
  tourFlagSchema,
} from '../../../src/domain/schemas/company';
import { requireCaller, requireManager } from '../../plugins/auth';
import type { CompaniesService } from './companies.service';

const params = z.object({ companyId: z.string().max(100), tourId: z.string().min(1).max(100) });
const responses = {
  200: companySchema,
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

export const companiesRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (app, { companies }) => {
  // The caller's company as sign-in answers it: the app reads it on every load, so a Manager's changes reach every
  // device that kept an older copy.
  app.get(
    '/api/company',
    {
      config: { access: 'member' },
      schema: { response: { 200: companySchema, 401: errorBodySchema, 404: errorBodySchema } },
    },
    async (request) => companies.get(requireCaller(request)),
  );

  app.patch(
    '/api/company/:companyId',
    {
      config: { access: 'manager' },
      schema: { params: params.pick({ companyId: true }), body: companySettingsBodySchema, response: responses },
    },
    async (request) => companies.updateSettings(requireManager(request), request.params.companyId, request.body),
  );

  app.patch(
    '/api/company/:companyId/:tourId/color',
    {
      config: { access: 'manager' },
      schema: { params, body: z.strictObject({ color: tourColorSchema }), response: responses },
    },
    async (request) => {
      const { companyId, tourId } = request.params;
      return companies.customiseTour(requireManager(request), companyId, tourId, { color: request.body.color });
    },
  );

  app.patch(
    '/api/company/:companyId/:tourId/flag',
    {
      config: { access: 'manager' },
      schema: { params, body: z.strictObject({ flag: tourFlagSchema }), response: responses },
    },
    async (request) => {
      const { companyId, tourId } = request.params;
      return companies.customiseTour(requireManager(request), companyId, tourId, { flag: request.body.flag });
    },
  );
};
