import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Prefetch } from '../db/reads';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { AuthContext } from './auth';

export const ACCESS_LEVELS = ['public', 'member', 'manager'] as const;
/** Who may call a route: anyone, any signed-in member of a company, or its Managers only. */
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared by every /api and /auth route; a meta-test fails on one that lacks it. */
    access?: Access;
    /**
     * The handler opens its own tenant scopes (`Tenancy.run`), e.g. to hash a password outside any transaction
     * or to stream a download after the handler returned; a function decides it per request (from the raw request:
     * it is asked before validation). Every other signed-in route runs in one scope (plugins/tenancy.ts).
     */
    ownTransactions?: boolean | ((request: FastifyRequest) => boolean);
    /**
     * Reads the handler makes, known from its validated request and the token's company alone. A GET's, when its
     * member is read in the request's transaction, travel with it as one committed round trip (`Tenancy.runAfter`;
     * should the handler make any other query, it runs again the ordinary way). Any other route's travel with its
     * transaction's `begin` and are answered from there (`Tenancy.run`).
     */
    prefetch?: (request: FastifyRequest, companyId: string) => Prefetch[];
  }
}

/** The routes the access rule governs; the web build's static files are public by nature. */
export function isApiRoute(url: string): boolean {
  return url.startsWith('/api/') || url === '/auth' || url.startsWith('/auth/');
}

export function ownsTransactions(request: FastifyRequest): boolean {
  const own = request.routeOptions.config.ownTransactions;
  return typeof own === 'function' ? own(request) : own === true;
}

/**
 * Whether the auth hook leaves the member to the request's transaction (plugins/tenancy.ts): for every route that
 * runs in one scope. Should Fastify answer before the handler (a body refused with 413, 415 or 400, a failing hook),
 * the error handler reads the member first, so that 401 and 403 still come before those (plugins/auth.ts
 * `refusalOfPendingMember`); the transaction itself opens only when the handler is due, so a slow upload holds no
 * connection.
 */
export function readsMemberInScope(request: FastifyRequest): boolean {
  const { url, config } = request.routeOptions;
  return Boolean(url) && isApiRoute(url as string) && config.access !== 'public' && !ownsTransactions(request);
}

/** 401 without a member, 403 for a role the route does not admit (a route that declares nothing admits none). */
export function checkAccess(access: Access | undefined, auth: AuthContext | null): void {
  if (access === 'public') return;
  if (!auth) throw new UnauthorizedError();
  if (access === 'member') return;
  if (access !== 'manager' || auth.role !== 'Manager') throw new ForbiddenError();
}

/**
 * Enforces each route's declared `access` after the bearer check (plugins/auth.ts), before validation, so a Guide
 * learns nothing about a Manager route's input. A route that declares nothing stays closed to everyone. For a request
 * whose member is read in its transaction, the check runs there, before the validation's answer (plugins/tenancy.ts).
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !isApiRoute(url) || request.pendingClaims) return;
    checkAccess(request.routeOptions.config.access, request.auth);
  });
});
