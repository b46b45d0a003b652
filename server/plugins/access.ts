import { ForbiddenError, UnauthorizedError } from '../errors';
import type { Caller } from '../db/signedIn';

export const ACCESS_LEVELS = ['public', 'member', 'manager', 'channel'] as const;
/**
 * Who may call a route: anyone, any signed-in member of a company, its Managers only, or a channel with one of the
 * company's API keys (`/api/v1`; never a member's token).
 */
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared by every /api and /auth route; a meta-test fails on one that lacks it. */
    access?: Access;
    /** An open-ended answer (server-sent events): the generated suites test it on their own, not by inject. */
    stream?: boolean;
  }
}

/** The routes the access rule governs; the web build's static files are public by nature. */
export function isApiRoute(url: string): boolean {
  return url.startsWith('/api/') || url === '/auth' || url.startsWith('/auth/');
}

/** 401 without a member, 403 for a role the route does not admit (a route that declares nothing admits none). */
export function checkAccess(access: Access | undefined, auth: Pick<Caller, 'role'> | null): void {
  if (access === 'public') return;
  if (!auth) throw new UnauthorizedError();
  if (access === 'member') return;
  // A channel route is reached with an API key, which plugins/auth.ts reads instead of a member's token.
  if (access === 'channel') throw new UnauthorizedError();
  if (access !== 'manager' || auth.role !== 'Manager') throw new ForbiddenError();
}
