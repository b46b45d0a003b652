import { ForbiddenError, UnauthorizedError } from '../errors';
import type { Caller } from '../db/signedIn';

export const ACCESS_LEVELS = ['public', 'member', 'manager'] as const;
/** Who may call a route: anyone, any signed-in member of a company, or its Managers only. */
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
  if (access !== 'manager' || auth.role !== 'Manager') throw new ForbiddenError();
}
