import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogChangeBodySchema,
  catalogEntryBodySchema,
  companySchema,
  companySettingsBodySchema,
  tourColorSchema,
  tourFlagSchema,
} from '../../../src/domain/schemas/company';
import { errors, JSON_BODY, MANAGER, MEMBER, type ErrorCodes } from '../../lib/errorResponses';
import { requireCaller, requireManager } from '../../db/signedIn';
import type { CatalogService } from './catalog.service';
import type { CompaniesService } from './companies.service';

const params = z.object({ companyId: z.string().max(100), tourId: z.string().min(1).max(100) });
/** A Manager's change to the company: the answer is the company as it is after it. */
const changed = <const G extends readonly ErrorCodes[]>(...groups: G) => ({
  200: companySchema,
  ...errors(MANAGER, JSON_BODY, ...groups),
});
/** A tour's or a source's name and row (another company's id reads as an entry not found). */
const catalogErrors = (kind: 'tour' | 'source') =>
  ({
    400: ['NAME_TAKEN'],
    404: [kind === 'tour' ? 'TOUR_NOT_FOUND' : 'SOURCE_NOT_FOUND'],
  }) as const;

export interface CompaniesRoutesOptions {
  companies: CompaniesService;
  catalog: CatalogService;
}

const tags = ['Company'];

export const companiesRoutes: FastifyPluginAsyncZod<CompaniesRoutesOptions> = async (app, { companies, catalog }) => {
  // The caller's company as sign-in answers it: the app reads it on load and whenever the live stream says it
  // changed, so a Manager's changes reach every open page.
  app.get(
    '/api/company',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'The caller’s company',
        description:
          'Its settings, tours and sources, as sign-in answers them in `user.company`. A Guide gets the tours ' +
          'without their other names (`aliases`, the names channels use, for a Manager’s imports).',
        operationId: 'getCompany',
        response: { 200: companySchema, ...errors(MEMBER, { 404: ['COMPANY_NOT_FOUND'] }) },
      },
    },
    async (request) => companies.get(requireCaller(request)),
  );

  app.patch(
    '/api/company/:companyId',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Change the company’s settings',
        description:
          'Any of them, at least one. Sending `timezone`, changed or not, confirms the zone sign-up guessed ' +
          '(`timezoneGuessed` becomes false).',
        operationId: 'updateCompanySettings',
        params: params.pick({ companyId: true }),
        body: companySettingsBodySchema,
        response: changed({ 404: ['COMPANY_NOT_FOUND'] }),
      },
    },
    async (request) => companies.updateSettings(requireManager(request), request.params.companyId, request.body),
  );

  app.patch(
    '/api/company/:companyId/:tourId/color',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Set a tour’s colour',
        operationId: 'setTourColor',
        params,
        body: z.strictObject({ color: tourColorSchema }),
        response: changed({ 404: ['TOUR_NOT_FOUND'] }),
      },
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
      schema: {
        tags,
        summary: 'Set a tour’s flag',
        operationId: 'setTourFlag',
        params,
        body: z.strictObject({ flag: tourFlagSchema }),
        response: changed({ 404: ['TOUR_NOT_FOUND'] }),
      },
    },
    async (request) => {
      const { companyId, tourId } = request.params;
      return companies.customiseTour(requireManager(request), companyId, tourId, { flag: request.body.flag });
    },
  );

  // The company's tours and sources, kept by its Managers.
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
          summary: `Add a ${kind}`,
          operationId: kind === 'tour' ? 'addTour' : 'addSource',
          params: params.pick({ companyId: true }),
          body: catalogEntryBodySchema,
          response: { 201: companySchema, ...errors(MANAGER, JSON_BODY, catalogErrors(kind)) },
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
          summary: `Rename, move, archive or restore a ${kind}`,
          description:
            kind === 'tour'
              ? 'Also sets the tour’s other names (`aliases`, all at once) or adds one (`addAlias`). A rename carries ' +
                'the bookings, notes and shifts with it.'
              : 'A rename carries the bookings with it; Walkin keeps its name and is never archived.',
          operationId: kind === 'tour' ? 'changeTour' : 'changeSource',
          params: z.object({ companyId: z.string().max(100), [idParam]: z.string().min(1).max(100) }),
          body: catalogChangeBodySchema,
          response: changed(catalogErrors(kind)),
        },
      },
      async (request) => {
        const path = request.params as Record<string, string>;
        return catalog.change(requireManager(request), path.companyId ?? '', kind, path[idParam] ?? '', request.body);
      },
    );
  }
};
