import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Company } from '../../../src/domain/company';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import { companySchema, tourColorSchema, tourFlagSchema } from '../../../src/domain/schemas/company';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../errors';
import { requireAuth, requireManager, type AuthContext } from '../../plugins/auth';
import { companyReads, findCompany, updateTour } from './companies.repository';

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

export const TOUR_NOT_FOUND = 'Tour not found';

/** Tour customisation (spec §2 Account): Managers only, only the seed's colours and flags. */
async function customiseTour(
  db: Db,
  auth: AuthContext,
  companyId: string,
  tourId: string,
  changes: { color?: string; flag?: string },
): Promise<Company> {
  // Another company's id reads as a tour that does not exist here.
  if (companyId !== auth.companyId || !(await updateTour(db, auth.companyId, tourId, changes))) {
    throw new NotFoundError(TOUR_NOT_FOUND, 'TOUR_NOT_FOUND');
  }
  const company = await findCompany(db, auth.companyId);
  if (!company) throw new NotFoundError(TOUR_NOT_FOUND, 'TOUR_NOT_FOUND');
  return company;
}

export const companiesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // The caller's company as sign-in answers it: the app reads it on every load, so a Manager's changes reach every
  // device that kept an older copy.
  app.get(
    '/api/company',
    {
      config: { access: 'member', prefetch: (_request, companyId) => companyReads(db, companyId) },
      schema: { response: { 200: companySchema, 401: errorBodySchema, 404: errorBodySchema } },
    },
    async (request) => {
      const company = await findCompany(db, requireAuth(request).companyId);
      if (!company) throw new NotFoundError('Company not found', 'COMPANY_NOT_FOUND');
      return company;
    },
  );

  app.patch(
    '/api/company/:companyId/:tourId/color',
    {
      config: { access: 'manager' },
      schema: { params, body: z.strictObject({ color: tourColorSchema }), response: responses },
    },
    async (request) => {
      const { companyId, tourId } = request.params;
      return customiseTour(db, requireManager(request), companyId, tourId, { color: request.body.color });
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
      return customiseTour(db, requireManager(request), companyId, tourId, { flag: request.body.flag });
    },
  );
};
