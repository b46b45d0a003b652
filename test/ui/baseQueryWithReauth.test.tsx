import { http, HttpResponse, delay } from 'msw';
import { makeStore } from '../../src/app/store';
import { authApi } from '../../src/features/auth/authApi';
import { api } from '../../src/services/api';
import { server } from './server';
import { apiUrl, expiredToken, freshToken, makeUser, signedIn } from './fixtures';

// A stand-in for any feature's endpoint.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProbe: build.query<{ id: string }, string>({ query: (id) => `/api/probe/${id}` }),
  }),
});

function setUp({ refreshSucceeds, refreshDelayMs = 30 }: { refreshSucceeds: boolean; refreshDelayMs?: number }) {
  const oldToken = expiredToken();
  const newToken = freshToken();
  const calls = { refresh: 0, probe: [] as string[] };
  server.use(
    http.get(apiUrl('/auth/refresh'), async () => {
      calls.refresh += 1;
      await delay(refreshDelayMs);
      return refreshSucceeds
        ? HttpResponse.json({ accessToken: newToken, user: makeUser({ token: newToken }) })
        : HttpResponse.json({ error: 'Session expired', code: 'UNAUTHORIZED' }, { status: 401 });
    }),
    http.get(apiUrl('/api/probe/:id'), async ({ params, request }) => {
      const authorization = request.headers.get('authorization');
      calls.probe.push(`${String(params.id)} ${authorization}`);
      // "late" answers its first 401 only after the refresh has finished.
      if (params.id === 'late' && authorization !== `Bearer ${newToken}`) await delay(refreshDelayMs * 3);
      return authorization === `Bearer ${newToken}`
        ? HttpResponse.json({ id: params.id })
        : HttpResponse.json({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, { status: 401 });
    }),
  );
  const store = makeStore(signedIn(makeUser({ token: oldToken })));
  const probe = (id: string) => store.dispatch(probeApi.endpoints.getProbe.initiate(id));
  return { store, probe, calls, oldToken, newToken };
}

describe('baseQueryWithReauth', () => {
  it('refreshes once for two parallel 401s, then retries both with the new token', async () => {
    const { store, probe, calls, oldToken, newToken } = setUp({ refreshSucceeds: true });

    const [first, second] = await Promise.all([probe('a'), probe('b')]);

    expect(calls.refresh).toBe(1);
    expect(first.data).toEqual({ id: 'a' });
    expect(second.data).toEqual({ id: 'b' });
    expect(calls.probe.sort()).toEqual(
      [`a Bearer ${oldToken}`, `b Bearer ${oldToken}`, `a Bearer ${newToken}`, `b Bearer ${newToken}`].sort(),
    );
    expect(store.getState().auth.user?.token).toBe(newToken);
  });

  it('does not refresh again for a 401 that arrives after the refresh it was sent before', async () => {
    const { probe, calls } = setUp({ refreshSucceeds: true });

    const [early, late] = await Promise.all([probe('early'), probe('late')]);

    expect(calls.refresh).toBe(1);
    expect(early.data).toEqual({ id: 'early' });
    expect(late.data).toEqual({ id: 'late' });
  });

  it('clears the user when the refresh fails, without retrying', async () => {
    const { store, probe, calls } = setUp({ refreshSucceeds: false });

    const [first, second] = await Promise.all([probe('a'), probe('b')]);

    expect(calls.refresh).toBe(1);
    // Logging out also empties the API cache, so the failed calls leave no data behind.
    expect(first.data).toBeUndefined();
    expect(second.data).toBeUndefined();
    expect(calls.probe).toHaveLength(2);
    expect(store.getState().auth).toMatchObject({ user: null, status: 'ready' });
  });

  it('keeps the user signed in when the refresh finds no network', async () => {
    const { store, probe, calls } = setUp({ refreshSucceeds: true });
    server.use(
      http.get(apiUrl('/auth/refresh'), () => {
        calls.refresh += 1;
        return HttpResponse.error();
      }),
    );

    const answer = await probe('a');

    expect(calls.refresh).toBe(1);
    expect(answer.error).toMatchObject({ status: 401 });
    expect(store.getState().auth.user).not.toBeNull();
  });

  it('never refreshes for a failed login', async () => {
    server.use(
      http.post(apiUrl('/auth'), () =>
        HttpResponse.json({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, { status: 401 }),
      ),
    );
    // Any call to /auth/refresh would be an unhandled request and fail the test.
    const store = makeStore();
    const result = await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.test', password: 'nope' }));
    expect(result.error).toMatchObject({ status: 401, data: { error: 'Invalid email or password' } });
  });

  it('does not try to refresh for a call made while signed out', async () => {
    server.use(
      http.get(apiUrl('/api/probe/:id'), () =>
        HttpResponse.json({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );
    const store = makeStore({ auth: { user: null, status: 'ready' } });
    const result = await store.dispatch(probeApi.endpoints.getProbe.initiate('a'));
    expect(result.error).toMatchObject({ status: 401 });
  });

  it('waits for a running refresh before sending a new call', async () => {
    const { probe, calls, newToken } = setUp({ refreshSucceeds: true, refreshDelayMs: 60 });

    const first = probe('a');
    await delay(30);
    const second = await probe('b');
    await first;

    expect(calls.refresh).toBe(1);
    expect(second.data).toEqual({ id: 'b' });
    expect(calls.probe.filter((call) => call.startsWith('b'))).toEqual([`b Bearer ${newToken}`]);
  });
});
