/**
 * The bare baseline of issue 7 benchmark 1: Fastify and pg answering the slot read's SQL (captured from Tourdesk's
 * repository by bench/api.ts) with no auth, no validation and no response schema. BARE_WORKERS > 1 forks that many
 * processes sharing the port (node:cluster), as Tourdesk does with WEB_CONCURRENCY, so the two compare alike.
 */
import cluster from 'node:cluster';
import Fastify from 'fastify';
import { Pool } from 'pg';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const workers = Number(process.env.BARE_WORKERS ?? 1);
if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0));
  });
} else {
  serve();
}

function serve(): void {
  const pool = new Pool({ connectionString: env('BARE_DATABASE_URL'), max: Number(process.env.BARE_POOL_SIZE ?? 10) });
  const text = env('BARE_SLOT_SQL');
  /** Which path parameter goes to each placeholder, e.g. "company,day,time,tour". */
  const order = env('BARE_SLOT_PARAMS').split(',');

  const app = Fastify({ logger: false });
  app.get('/bare/:company/:day/:time/:tour', async (request) => {
    const params = request.params as Record<string, string>;
    const { rows } = await pool.query(
      text,
      order.map((name) => params[name]),
    );
    return { bookings: rows };
  });

  app
    .listen({ port: Number(env('PORT')), host: '127.0.0.1' })
    .then(() => console.log('bare slot server ready'))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });

  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  });
}
