import type { FastifyInstance } from 'fastify';

/** A sample's value in GET /metrics' text, by metric name and its labels (0 when the series has none yet). */
export async function metricValue(
  app: FastifyInstance,
  name: string,
  labels: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<number> {
  const res = await app.inject({ url: '/metrics', headers });
  if (res.statusCode !== 200) throw new Error(`GET /metrics answered ${res.statusCode}: ${res.body}`);
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of res.body.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return 0;
}
