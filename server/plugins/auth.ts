import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../src/domain/auth';
import type { Db } from '../db/client';
import { UUID } from '../lib/ids';
import { AppError, ForbiddenError, UnauthorizedError } from '../errors';
import type { AccessClaims, TokenService } from '../modules/auth/tokens';
import type { CompanySettings } from '../modules/companies/companies.repository';
import { findActiveMember, type ActiveMember } from '../modules/users/users.repository';
import { checkAccess, readsMemberInScope } from './access';

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
    /**
     * A verified token whose member is read in the request's transaction, with its first statement
     * (plugins/tenancy.ts, `signedInMember`): set instead of `auth` until then.
     */
    pendingClaims: AccessClaims | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;
/** The token is ours, but its ids travel as SQL literals (users.repository requestContextQuery): uuids only. */

const expired = () => new UnauthorizedError('Your session has expired, please sign in again', 'UNAUTHORIZED');

/**
 * Every /api route needs a valid access token unless its `access` is 'public' (plugins/access.ts). The member is re-read on each call so
 * a deleted member's token stops working at once and role changes apply immediately; the same statement reads the
 * company's settings, so services need not query them again.
 *
 * For a route in one scope (plugins/access.ts `readsMemberInScope`), that statement is left to the request's
 * transaction and travels with its `begin`: one pool checkout and one round trip fewer. The answers and their order
 * stay the same: the tenancy plugin answers 401 and 403 there before any validation error, which the route then holds
 * instead of answering it at once; and should Fastify answer before the handler (a body's 413, 415 or 400), the error
 * handler reads the member first (`refusalOfPendingMember`).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; tokens: TokenService }) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('pendingClaims', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.access === 'public') return;
    if (!request.routeOptions.url) return; // unknown path: the not-found handler answers 404
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new UnauthorizedError('Please sign in', 'UNAUTHORIZED');
    const claims = await opts.tokens.verify(match[1]);
    if (!claims || !UUID.test(claims.companyId) || !UUID.test(claims.userId)) throw expired();
    if (readsMemberInScope(request)) {
      request.pendingClaims = claims;
      return;
    }
    request.auth = signedInMember(claims, await findActiveMember(opts.db, claims.companyId, claims.userId));
  });
});

/** The request's auth context from the member read for its token; 401 when gone or signed out since. */
export function signedInMember(claims: AccessClaims, user: ActiveMember | undefined): AuthContext {
  // Gone, or the password changed since the token was issued.
  if (!user || user.sessionVersion !== claims.sessionVersion) throw expired();
  return {
    userId: user.id,
    companyId: user.companyId,
    role: user.role,
    email: user.email,
    name: user.name,
    assignable: user.assignable,
    company: user.company,
  };
}

/**
 * For an answer Fastify gives before the handler (a body refused with 413, 415 or 400, a failing hook) while the
 * member was left to the transaction that never opened: the member's own refusal, 401 or 403, which comes first as it
 * would have from the hooks. Undefined when the member may have the original answer, or when reading the member
 * failed (the original answer stands).
 */
export async function refusalOfPendingMember(db: Db, request: FastifyRequest): Promise<AppError | undefined> {
  const claims = request.pendingClaims;
  if (!claims) return undefined;
  request.pendingClaims = null;
  try {
    const auth = signedInMember(claims, await findActiveMember(db, claims.companyId, claims.userId));
    checkAccess(request.routeOptions.config?.access, auth);
  } catch (err) {
    if (err instanceof AppError) return err;
  }
  return undefined;
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}

export function requireManager(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (auth.role !== 'Manager') throw new ForbiddenError();
  return auth;
}
