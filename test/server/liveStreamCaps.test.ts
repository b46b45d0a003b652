import { createCompany, type CompanyFixture } from './fixtures';
import { DB_KINDS, createTestApp, type TestApp } from './helpers';
import { listen, suiteStreams } from './sse';

const CAPS = { liveStreamsPerMember: 2, liveStreamsPerCompany: 3, liveStreamsPerAddress: 5 };

describe.each(DB_KINDS)('live stream caps [%s]', (kind) => {
  let t: TestApp;
  let base: string;
  let c: CompanyFixture;
  let other: CompanyFixture;
  const request = suiteStreams(() => base);

  /** An open stream, subscribed (its first frame read), or the refusal. */
  const open = async (token: string) => {
    const stream = await request(token);
    if (stream.status === 200) await stream.next();
    return stream;
  };
  /** A place freed by a closed stream comes back once the server has seen the socket close. */
  const openOnceFree = async (token: string) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const stream = await open(token);
      if (stream.status !== 429) return stream;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the place never came back');
  };

  beforeAll(async () => {
    t = await createTestApp(kind, CAPS);
    base = await listen(t.app);
    c = await createCompany(t.app, t.db);
    other = await createCompany(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 429 with Retry-After past a member's streams, and takes one again once a tab closes", async () => {
    const first = await openOnceFree(c.manager.token);
    expect((await open(c.manager.token)).status).toBe(200);
    const refused = await open(c.manager.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(await refused.text())).toEqual({
      error: 'Too many live update streams are open, please close another tab or try again later',
      code: 'LIVE_STREAM_LIMIT',
    });
    first.close();
    expect((await openOnceFree(c.manager.token)).status).toBe(200);
  });

  it("answers 429 past a company's streams, whoever opens them, and not to another company", async () => {
    await openOnceFree(c.manager.token);
    await openOnceFree(c.manager.token);
    expect((await openOnceFree(c.guide.token)).status).toBe(200);
    expect((await open(c.guide.token)).status).toBe(429);
    expect((await open(other.guide.token)).status).toBe(200);
  });

  it("answers 429 past an address's streams, whatever the company", async () => {
    await openOnceFree(c.manager.token);
    await openOnceFree(c.manager.token);
    await openOnceFree(c.guide.token);
    await openOnceFree(other.manager.token);
    await openOnceFree(other.manager.token);
    expect((await open(other.guide.token)).status).toBe(429);
  });
});
