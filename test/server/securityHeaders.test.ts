import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { SECURITY_HEADERS, securityMiddleware } from '../../server/lib/securityHeaders';

describe('security headers captured once', () => {
  it('are exactly what the helmet middleware sets on a real response', () => {
    const request = new IncomingMessage(new Socket());
    const response = new ServerResponse(request);
    // What a framework may have set before: helmet removes X-Powered-By, so the capture must not carry it either.
    response.setHeader('X-Powered-By', 'something');
    let nextCalled = false;
    securityMiddleware(request, response, () => {
      nextCalled = true;
    });
    expect(nextCalled).toBe(true);
    const set = Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
    expect(SECURITY_HEADERS).toEqual(set);
    expect(Object.keys(SECURITY_HEADERS).length).toBeGreaterThanOrEqual(10);
    expect(SECURITY_HEADERS['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
