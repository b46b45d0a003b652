import { CallLimit } from '../../server/modules/channel/callLimit';

describe("a channel's call limit", () => {
  it('counts each name in its own window, refuses past the limit with the seconds left, and starts again after it', () => {
    let now = 1_000_000;
    const limit = new CallLimit(2, 60_000, 'Slow down', () => now);
    limit.hit('a');
    limit.hit('a');
    limit.hit('b');
    now += 15_000;
    expect(() => limit.hit('a')).toThrow(
      expect.objectContaining({ statusCode: 429, code: 'RATE_LIMITED', message: 'Slow down', retryAfter: 45 }),
    );
    now += 45_000;
    expect(() => limit.hit('a')).not.toThrow();
  });

  it('checks without counting: a name is refused once it has counted the limit, until its window ends', () => {
    let now = 0;
    const limit = new CallLimit(2, 60_000, 'Too many refused calls', () => now);
    limit.check('10.0.0.1');
    limit.check('10.0.0.1');
    limit.check('10.0.0.1');
    limit.count('10.0.0.1');
    limit.check('10.0.0.1');
    limit.count('10.0.0.1');
    expect(() => limit.check('10.0.0.1')).toThrow(expect.objectContaining({ statusCode: 429, retryAfter: 60 }));
    expect(() => limit.check('10.0.0.2')).not.toThrow();
    now += 60_000;
    expect(() => limit.check('10.0.0.1')).not.toThrow();
  });
});
