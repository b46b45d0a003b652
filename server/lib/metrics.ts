import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** A PostgreSQL pool's connections as node-postgres counts them. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The server's Prometheus metrics, in a registry of its own: each app (tests build several in one process) counts
 * for itself, and nothing lands in prom-client's global registry.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly requestDuration = new Histogram({
    name: 'tourdesk_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly liveStreams = new Gauge({
    name: 'tourdesk_live_streams_open',
    help: 'Live event streams (GET /api/events) open in this process',
    registers: [this.registry],
  });

  readonly eventsAppended = new Counter({
    name: 'tourdesk_events_appended_total',
    help: 'Events appended to the event log, counted once their transaction committed',
    registers: [this.registry],
  });

  readonly importRows = new Counter({
    name: 'tourdesk_import_rows_total',
    help: 'CSV rows previewed or imported, by mode and outcome, counted when the file is done',
    labelNames: ['mode', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly outboxReplays = new Counter({
    name: 'tourdesk_outbox_replays_total',
    help: 'Check-ins sent again with an Idempotency-Key already applied, answered with the stored answer',
    registers: [this.registry],
  });

  /** `poolStats` only on PostgreSQL: the embedded database has no pool. */
  constructor(poolStats?: () => PoolStats) {
    collectDefaultMetrics({ register: this.registry });
    if (!poolStats) return;
    new Gauge({
      name: 'tourdesk_db_pool_connections_in_use',
      help: 'PostgreSQL connections of the request pool checked out by a request',
      registers: [this.registry],
      collect() {
        const stats = poolStats();
        this.set(stats.total - stats.idle);
      },
    });
    new Gauge({
      name: 'tourdesk_db_pool_waiting',
      help: 'Requests waiting for a free PostgreSQL connection',
      registers: [this.registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }
}
