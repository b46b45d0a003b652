import { KeyRateLimit } from '../../server/modules/channel/keyRateLimit';

describe("a channel key's rate limit", () => {
  it('counts each key in its own window, refuses past the limit with the seconds left, and starts again after it', () => {
    let now = 1_000_000;
    const limit = new KeyRateLimit(2, 60_000, () => now);
    limit.hit('a');
    limit.hit('a');
    limit.hit('b');
    now += 15_000;
    expect(() => limit.hit('a')).toThrow(expect.objectContaining({ statusCode: 429, retryAfter: 45 }));
    now += 45_000;
    expect(() => limit.hit('a')).not.toThrow();
  });
});
