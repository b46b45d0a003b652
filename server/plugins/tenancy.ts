import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Tenancy } from '../db/tenancy';
import { requestContextQuery, toActiveMember, type RequestContextRow } from '../modules/users/users.repository';
import { checkAccess, isApiRoute, ownsTransactions } from './access';
import { requireAuth, signedInMember } from './auth';

/**
 * Every signed-in route's handler runs in one transaction of the caller's company (row-level security on
 * PostgreSQL), committed before the answer is sent: a 2xx means the write is stored. Handlers therefore return
 * their result rather than calling `reply.send` themselves.
 *
 * When the auth hook left the member to the transaction (`request.pendingClaims`, see plugins/auth.ts), it is read by
 * the transaction's first round trip, and 401, 403 and then a validation error are answered from inside it, in that
 * order, as the hooks would have. The transaction opens only when the handler is due, never across hooks: however a
 * request ends before that (an error in a hook, a bad body, an aborted upload), it holds no connection, and the one
 * that opened is committed or rolled back by `Tenancy` itself. That is why validation errors wait for the handler here
 * (`attachValidation`) instead of the transaction opening in the auth hook.
 */
export const tenancyPlugin = fp(async (app: FastifyInstance, opts: { tenancy: Tenancy }) => {
  const { tenancy } = opts;
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || route.config?.access === 'public' || route.config?.ownTransactions === true) return;
    if (route.attachValidation) throw new Error(`${route.method} ${route.url}: a scoped route's validation is ours`);
    route.attachValidation = true;
    const handler = route.handler as RouteHandlerMethod;
    const access = route.config?.access;
    const prefetch = route.config?.prefetch;
    const readOnly = [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
    route.handler = async function scoped(request, reply) {
      const inScope = async () => {
        if (request.validationError) throw request.validationError;
        const result: unknown = await handler.call(this, request, reply);
        if (reply.sent) throw new Error(`${route.method} ${route.url} sent its answer before its transaction ended`);
        return result;
      };
      const claims = request.pendingClaims;
      if (claims) {
        const member = requestContextQuery(claims.companyId, claims.userId);
        // Nothing is read ahead for a request that will be refused for its input or (by its token) its role.
        // A read-only handler's reads go ahead and are committed with the member (Tenancy.runAfter); a write's travel
        // with its `begin` and are answered inside its transaction.
        const refused = request.validationError || (access === 'manager' && claims.role !== 'Manager');
        const reads = prefetch && !refused ? prefetch(request, claims.companyId) : [];
        return tenancy.runAfter(
          claims.companyId,
          member,
          async (rows: RequestContextRow[]) => {
            const row = rows[0];
            // Read: an error from here on is the handler's own (plugins/auth.ts refusalOfPendingMember).
            request.pendingClaims = null;
            request.auth = signedInMember(claims, row && toActiveMember(claims.companyId, row));
            checkAccess(access, request.auth);
            return inScope();
          },
          reads,
          { writes: !readOnly },
        );
      }
      if (request.validationError) throw request.validationError;
      if (ownsTransactions(request)) return handler.call(this, request, reply);
      const { companyId } = requireAuth(request);
      return tenancy.run(companyId, inScope, prefetch ? prefetch(request, companyId) : []);
    };
  });
});
