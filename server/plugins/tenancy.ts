import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Tenancy } from '../db/tenancy';
import { isApiRoute } from './access';
import { requireAuth } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler opens its own tenant scopes (`Tenancy.run`), e.g. to hash a password outside any transaction
     * or to stream a download after the handler returned. Every other signed-in route runs in one scope.
     */
    ownTransactions?: boolean;
  }
}

/**
 * Every signed-in route's handler runs in one transaction of the caller's company (row-level security on
 * PostgreSQL), committed before the answer is sent: a 2xx means the write is stored. Handlers therefore return
 * their result rather than calling `reply.send` themselves.
 */
export const tenancyPlugin = fp(async (app: FastifyInstance, opts: { tenancy: Tenancy }) => {
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || route.config?.access === 'public' || route.config?.ownTransactions) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function scoped(request, reply) {
      const { companyId } = requireAuth(request);
      return opts.tenancy.run(companyId, async () => {
        const result: unknown = await handler.call(this, request, reply);
        if (reply.sent) throw new Error(`${route.method} ${route.url} sent its answer before its transaction ended`);
        return result;
      });
    };
  });
});
