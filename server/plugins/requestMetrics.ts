import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../lib/metrics';

/**
 * Times every answer into the metrics' histogram, labelled by the route's pattern (`/api/bookings/:id`), never the
 * address asked for: ids in it would make a series per booking. A path no route has counts as `unmatched`.
 */
export const requestMetricsPlugin = fp(async (app: FastifyInstance, opts: { metrics: Metrics }) => {
  app.addHook('onResponse', async (request, reply) => {
    opts.metrics.requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
});
