import { persistStore } from 'redux-persist';
import { makeStore } from '../../src/app/store';
import { loggedIn } from '../../src/features/auth/authSlice';
import { loggedOut } from '../../src/services/authEvents';
import { makeUser } from './fixtures';

async function persistedStore() {
  const store = makeStore();
  const persistor = persistStore(store);
  await new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) resolve();
    else persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
  });
  return { store, persistor };
}

const stored = () => {
  const raw = localStorage.getItem('persist:auth');
  return raw === null ? null : (JSON.parse(raw) as Record<string, string>);
};

describe('the stored user', () => {
  it('is kept in local storage without the loading status', async () => {
    const { store, persistor } = await persistedStore();
    const user = makeUser();

    store.dispatch(loggedIn(user));
    await persistor.flush();

    expect(JSON.parse(stored()!.user!)).toEqual(user);
    expect(stored()).not.toHaveProperty('status');
  });

  it('comes back on the next load, with the status back at checking', async () => {
    const user = makeUser();
    const first = await persistedStore();
    first.store.dispatch(loggedIn(user));
    await first.persistor.flush();

    const { store } = await persistedStore();

    expect(store.getState().auth).toMatchObject({ user, status: 'checking' });
  });

  it('is cleared by logging out', async () => {
    const { store, persistor } = await persistedStore();
    store.dispatch(loggedIn(makeUser()));
    await persistor.flush();

    store.dispatch(loggedOut());
    await persistor.flush();

    expect(stored()!.user).toBe('null');
  });
});
