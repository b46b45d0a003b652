import type { FastifyPluginAsync } from 'fastify';
import { bearerToken } from '../../db/signedIn';
import { UnauthorizedError } from '../../errors';
import type { Metrics } from '../../lib/metrics';
import { sameSecret } from '../../lib/sameSecret';
import type { ReadinessProbe } from './readiness';

const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/ops/backup']);

/** The operators' routes: out of the API's document and of the route table its generated suites walk. */
export function isOpsRoute(url: string): boolean {
  return OPS_PATHS.has(url);
}

/**
 * Probes and metrics for whoever runs the server: no sign-in, no company, no transaction, and no line in the log
 * per call (a load balancer asks every few seconds). Helmet's headers apply as on every answer.
 */
export const opsRoutes: FastifyPluginAsync<{
  probe: ReadinessProbe;
  metrics: Metrics;
  metricsToken: string | undefined;
}> = async (app, { probe, metrics, metricsToken }) => {
  const quiet = { logLevel: 'warn', schema: { hide: true } } as const;

  // The process answers: nothing else is asked, so a busy database never gets a healthy process restarted.
  app.get('/healthz', quiet, async () => ({ status: 'ok' }));

  app.get('/readyz', quiet, async (_request, reply) => {
    const { notReady, checks } = await probe.check();
    reply.header('cache-control', 'no-store');
    if (notReady.length === 0) return { status: 'ready', checks };
    return reply.status(503).send({ error: `Not ready: ${notReady.join(', ')}`, code: 'NOT_READY', checks });
  });

  app.get('/metrics', quiet, async (request, reply) => {
    if (metricsToken !== undefined && !sameSecret(bearerToken(request), metricsToken)) {
      reply.header('www-authenticate', 'Bearer');
      throw new UnauthorizedError('Send the metrics token: Authorization: Bearer <METRICS_TOKEN>');
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};
