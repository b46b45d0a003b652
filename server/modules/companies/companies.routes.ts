import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import {
  catalogChangeBodySchema,
  catalogEntryBodySchema,
  companySchema,
  companySettingsBodySchema,
  tourColorSchema,
  tourFlagSchema,
} from '../../../src/domain/schemas/company';
import { requireCaller, requireManager } from '../../plugins/auth';
import type { CatalogService } from './catalog.service';
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

export interface CompaniesRoutesOptions {
  companies: CompaniesService;
  catalog: CatalogService;
}

const tags = ['Company'];

export const companiesRoutes: FastifyPluginAsyncZod<CompaniesRoutesOptions> = async (app, { companies, catalog }) => {
  // The caller's company as sign-in answers it: the app reads it on every load, so a Manager's changes reach every
  // device that kept an older copy.
  app.get(
    '/api/company',
    {
      config: { access: 'member' },
      schema: { tags, response: { 200: companySchema, 401: errorBodySchema, 404: errorBodySchema } },
    },
    async (request) => companies.get(requireCaller(request)),
  );

  app.patch(
    '/api/company/:companyId',
    {
      config: { access: 'manager' },
      schema: { tags, params: params.pick({ companyId: true }), body: companySettingsBodySchema, response: responses },
    },
    async (request) => companies.updateSettings(requireManager(request), request.params.companyId, request.body),
  );

  app.patch(
    '/api/company/:companyId/:tourId/color',
    {
      config: { access: 'manager' },
      schema: { tags, params, body: z.strictObject({ color: tourColorSchema }), response: responses },
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
      schema: { tags, params, body: z.strictObject({ flag: tourFlagSchema }), response: responses },
    },
    async (request) => {
      const { companyId, tourId } = request.params;
      return companies.customiseTour(requireManager(request), companyId, tourId, { flag: request.body.flag });
    },
  );

  // Issue 21: the company's tours and sources, kept by its Managers.
  for (const [kind, plural, idParam] of [
    ['tour', 'tours', 'tourId'],
    ['source', 'sources', 'sourceId'],
  ] as const) {
    app.post(
      `/api/company/:companyId/${plural}`,
      {
        config: { access: 'manager' },
        schema: {
          tags,
          params: params.pick({ companyId: true }),
          body: catalogEntryBodySchema,
          response: { ...responses, 201: companySchema },
        },
      },
      async (request, reply) => {
        const company = await catalog.add(requireManager(request), request.params.companyId, kind, request.body.label);
        return reply.status(201).send(company);
      },
    );
    app.patch(
      `/api/company/:companyId/${plural}/:${idParam}`,
      {
        config: { access: 'manager' },
        schema: {
          tags,
          params: z.object({ companyId: z.string().max(100), [idParam]: z.string().min(1).max(100) }),
          body: catalogChangeBodySchema,
          response: responses,
        },
      },
      async (request) => {
        const path = request.params as Record<string, string>;
        return catalog.change(requireManager(request), path.companyId ?? '', kind, path[idParam] ?? '', request.body);
      },
    );
  }
};
