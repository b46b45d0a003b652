import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../src/domain/auth';
import type { Db } from '../db/client';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { TokenService } from '../modules/auth/tokens';
import type { CompanySettings } from '../modules/companies/companies.repository';
import { findActiveMember } from '../modules/users/users.repository';

export interface AuthContext {
  userId: string;
  companyId: string;
  role: Role;
  email: string;
  name: string;
  assignable: boolean;
  /**
   * The company's settings, read with the member as the request starts (the auth hook always sets them; a context
   * made elsewhere may leave them for the service to read).
   */
  company?: CompanySettings;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Every /api route needs a valid access token unless its `access` is 'public' (plugins/access.ts). The member is re-read on each call so
 * a deleted member's token stops working at once and role changes apply immediately; the same statement reads the
 * company's settings, so services need not query them again.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; tokens: TokenService }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.access === 'public') return;
    if (!request.routeOptions.url) return; // unknown path: the not-found handler answers 404
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new UnauthorizedError('Please sign in', 'UNAUTHORIZED');
    const claims = await opts.tokens.verify(match[1]);
    if (!claims) throw new UnauthorizedError('Your session has expired, please sign in again', 'UNAUTHORIZED');
    const user = await findActiveMember(opts.db, claims.companyId, claims.userId);
    // Gone, or the password changed since the token was issued.
    if (!user || user.sessionVersion !== claims.sessionVersion) {
      throw new UnauthorizedError('Your session has expired, please sign in again', 'UNAUTHORIZED');
    }
    request.auth = {
      userId: user.id,
      companyId: user.companyId,
      role: user.role,
      email: user.email,
      name: user.name,
      assignable: user.assignable,
      company: user.company,
    };
  });
});

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}

export function requireManager(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (auth.role !== 'Manager') throw new ForbiddenError();
  return auth;
}
