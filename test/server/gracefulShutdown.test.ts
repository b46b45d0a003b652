import { bearer, createTestApp, DB_KINDS, signup } from './helpers';
import { halfSentRequest, waitFor } from './serverProcess';
import { listen, openStream } from './sse';

describe.each(DB_KINDS)('closing the server [%s]', (kind) => {
  it('ends an open live stream with a retry hint and lets a request in flight finish', async () => {
    const t = await createTestApp(kind);
    let closing: Promise<void> | undefined;
    try {
      const baseUrl = await listen(t.app);
      const member = await signup(t.app);
      const stream = await openStream(baseUrl, bearer(member.token));
      await stream.next();
      let received = 0;
      t.app.server.on('request', () => (received += 1));
      const inFlight = halfSentRequest(baseUrl, 'POST', '/auth', {
        body: { email: member.user.email, password: member.password },
      });
      await waitFor('the server to receive the request', () => received === 1);

      closing = t.close();
      const rest = await stream.rest();
      expect(rest.at(-1)?.retry).toMatch(/^\d+$/);
      const answer = await inFlight.finish();
      expect(answer.status).toBe(200);
      expect(answer.json<{ user: { email: string } }>().user.email).toBe(member.user.email);
    } finally {
      await (closing ?? t.close());
    }
  });
});
