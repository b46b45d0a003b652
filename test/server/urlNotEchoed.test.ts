import { request } from 'node:http';
import { describeEachDb } from './helpers';

const SCRIPT = '<script>alert(1)</script>';
const LONG = 'x'.repeat(20 * 1024);

/** The answer holds `{ error, code }` only, and nothing of what the URL carried. */
function expectNoEcho(body: string, code: string) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed).sort()).toEqual(['code', 'error']);
  expect(parsed.code).toBe(code);
  for (const part of ['script', 'alert', '%3C', 'xxxx', 'nowhere', 'history']) expect(body).not.toContain(part);
}

describeEachDb('error answers to a URL', (ctx) => {
  it('answers a path no route has 404 without echoing it, script tag or 20 kB', async () => {
    const { app } = ctx();
    for (const [method, url] of [
      ['GET', `/api/nowhere/${SCRIPT}`],
      ['GET', `/api/nowhere/${encodeURIComponent(SCRIPT)}?q=${encodeURIComponent(SCRIPT)}`],
      ['POST', `/auth/nowhere/${SCRIPT}`],
      ['GET', `/api/nowhere/${LONG}`],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expectNoEcho(res.body, 'NOT_FOUND');
    }
  });

  it('answers a path segment over the limit 414, and one that is not valid percent-encoding 400, without echo', async () => {
    const { app } = ctx();
    const tooLong = await app.inject({ url: `/api/bookings/${LONG}${encodeURIComponent(SCRIPT)}/history` });
    expect(tooLong.statusCode).toBe(414);
    expectNoEcho(tooLong.body, 'FST_ERR_MAX_PARAM_LENGTH');
    const malformed = await app.inject({ url: `/api/bookings/%E0%A4%A${encodeURIComponent(SCRIPT)}/history` });
    expect(malformed.statusCode).toBe(400);
    expectNoEcho(malformed.body, 'FST_ERR_BAD_URL');
  });

  it('echoes nothing over a real socket either, nor past the longest address the server reads', async () => {
    const { app } = ctx();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: address.port, path, agent: false }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject).end();
      });
    const long = await get(`/api/bookings/${'x'.repeat(10 * 1024)}${encodeURIComponent(SCRIPT)}/history`);
    expect(long.status).toBe(414);
    expectNoEcho(long.body, 'FST_ERR_MAX_PARAM_LENGTH');
    // Past Node's 16 KiB limit the request line is refused before any route: the same body, still no echo.
    const huge = await get(`/api/nowhere/${LONG}${encodeURIComponent(SCRIPT)}`);
    expect(huge.status).toBe(431);
    expectNoEcho(huge.body, 'HEADERS_TOO_LARGE');
  });
});
