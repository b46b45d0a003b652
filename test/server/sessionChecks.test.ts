import type { AuthContext, Caller } from '../../server/db/signedIn';
import type { Tenancy } from '../../server/db/tenancy';
import { UnauthorizedError } from '../../server/errors';
import { SessionChecks } from '../../server/modules/live/sessionChecks';

const PERIOD = 60_000;

const callerOf = (userId: string): Caller => ({
  userId,
  companyId: 'company-1',
  role: 'Guide',
  sessionVersion: 1,
  sessionId: `session-${userId}`,
});

/** A tenancy whose session reads are counted per member and answer `outcome`. */
function fakeTenancy(outcome: () => AuthContext | Error = () => ({ role: 'Guide' }) as AuthContext) {
  const reads: string[] = [];
  const tenancy = {
    runAs: async (caller: Caller, fn: (tx: unknown, auth: AuthContext) => Promise<unknown>) => {
      reads.push(caller.userId);
      const answer = outcome();
      if (answer instanceof Error) throw answer;
      return fn(null, answer);
    },
  } as unknown as Tenancy;
  return { tenancy, reads };
}

const listener = () => ({ renew: jest.fn(), end: jest.fn() });

describe("a member's live streams share their session's reads", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads a session once a period however many streams it holds, and no more once they leave', async () => {
    const { tenancy, reads } = fakeTenancy();
    const checks = new SessionChecks(tenancy, PERIOD, () => 0.5);
    const ana = callerOf('ana');
    const tabs = [1, 2, 3].map(() => checks.join(ana, {} as AuthContext, listener()));

    await jest.advanceTimersByTimeAsync(PERIOD);
    expect(reads).toEqual(['ana']);
    await jest.advanceTimersByTimeAsync(PERIOD);
    expect(reads).toEqual(['ana', 'ana']);

    tabs.forEach((tab) => tab.leave());
    await jest.advanceTimersByTimeAsync(3 * PERIOD);
    expect(reads).toEqual(['ana', 'ana']);
  });

  it("spreads the sessions' reads over the period rather than reading them all at one moment", async () => {
    const { tenancy, reads } = fakeTenancy();
    const draws = [0, 0.999];
    const checks = new SessionChecks(tenancy, PERIOD, () => draws.shift() ?? 0.9);
    checks.join(callerOf('ana'), {} as AuthContext, listener());
    checks.join(callerOf('ben'), {} as AuthContext, listener());

    await jest.advanceTimersByTimeAsync(PERIOD / 2);
    expect(reads).toEqual(['ana']);
    await jest.advanceTimersByTimeAsync(PERIOD);
    expect(reads).toEqual(['ana', 'ben']);
  });

  it('reads once for an event however many of the streams ask, and again for a later event', async () => {
    const { tenancy, reads } = fakeTenancy();
    const checks = new SessionChecks(tenancy, PERIOD);
    const tabs = [1, 2, 3].map(() => checks.join(callerOf('ana'), {} as AuthContext, listener()));

    await Promise.all(tabs.map((tab) => tab.refresh(41)));
    await Promise.all(tabs.map((tab) => tab.refresh(41)));
    expect(reads).toEqual(['ana']);
    await Promise.all(tabs.map((tab) => tab.refresh(42)));
    expect(reads).toEqual(['ana', 'ana']);
  });

  it('asks every stream of a session that ended to renew', async () => {
    const { tenancy } = fakeTenancy(() => new UnauthorizedError());
    const checks = new SessionChecks(tenancy, PERIOD);
    const listeners = [listener(), listener()];
    const tabs = listeners.map((l) => checks.join(callerOf('ana'), {} as AuthContext, l));

    await tabs[0]?.refresh(7);
    for (const l of listeners) expect(l.renew).toHaveBeenCalledTimes(1);
  });
});
