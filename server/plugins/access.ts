import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthorizedError } from '../errors';

export const ACCESS_LEVELS = ['public', 'member', 'manager'] as const;
/** Who may call a route: anyone, any signed-in member of a company, or its Managers only. */
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared by every /api and /auth route; a meta-test fails on one that lacks it. */
    access?: Access;
  }
}

/** The routes the access rule governs; the web build's static files are public by nature. */
export function isApiRoute(url: string): boolean {
  return url.startsWith('/api/') || url === '/auth' || url.startsWith('/auth/');
}

/**
 * Enforces each route's declared `access` after the bearer check (plugins/auth.ts), before validation, so a Guide
 * learns nothing about a Manager route's input. A route that declares nothing stays closed to everyone.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !isApiRoute(url)) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (!request.auth) throw new UnauthorizedError();
    if (access === 'member') return;
    if (access !== 'manager' || request.auth.role !== 'Manager') throw new ForbiddenError();
  });
});
