import { createTestApp, type TestApp } from './helpers';

const TOKEN = 'metrics-token-for-the-scraper';

describe('METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { metricsToken: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers GET /metrics 401 without the token or with another, asking for a bearer', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-metrics-token' }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('answers the Prometheus text with the token', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('# TYPE tourdesk_http_request_duration_seconds histogram');
  });

  it('leaves the probes open', async () => {
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
