import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { persistStore } from 'redux-persist';
import { makeStore } from '../../src/app/store';
import { TOUR_COLOR_HEX } from '../../src/components/tourLook';
import { loggedIn } from '../../src/features/auth/authSlice';
import { loggedOut } from '../../src/services/authEvents';
import { tourLookApi } from '../../src/services/tourLookApi';
import { loadSnapshot } from '../../src/services/offline/snapshots';
import { apiUrl, company, loading, makeUser, sessionOf, signedIn } from './fixtures';
import { makeTestStore, renderRoute, shownCompany } from './renderWithProviders';
import { server } from './server';
import { DAY, makeBooking } from './slotFixtures';

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
  it('is kept in local storage without the loading status, and without the company', async () => {
    const { store, persistor } = await persistedStore();
    const user = makeUser();

    store.dispatch(loggedIn(user));
    await persistor.flush();

    expect(JSON.parse(stored()!.user!)).toEqual(sessionOf(user));
    expect(JSON.parse(stored()!.user!)).not.toHaveProperty('company');
    expect(stored()).not.toHaveProperty('status');
  });

  it('comes back on the next load, with the status back at checking', async () => {
    const user = makeUser();
    const first = await persistedStore();
    first.store.dispatch(loggedIn(user));
    await first.persistor.flush();

    const { store } = await persistedStore();

    expect(store.getState().auth).toMatchObject({ user: sessionOf(user), status: 'checking' });
    expect(store.getState().auth.user).not.toHaveProperty('company');
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

describe('the company', () => {
  const walk = { _id: 't1', id: 'old-town', label: 'Old Town Walk', color: 'blue', flag: 'uk' } as const;
  const signInCompany = { ...company, tours: [walk] };
  const slotCard = async () => within(await screen.findByRole('list', { name: 'Tour slots' })).getByRole('listitem');
  const colour = (name: keyof typeof TOUR_COLOR_HEX) => ({ borderLeft: `8px solid ${TOUR_COLOR_HEX[name]}` });
  const serveDay = () =>
    server.use(
      http.get(apiUrl(`/api/bookings/date/${DAY}`), () =>
        HttpResponse.json({ bookings: [makeBooking({ tour: 'Old Town Walk' })], hiddenSlots: 0 }),
      ),
    );

  /** A Guide's phone signed in earlier (its company then: blue Old Town Walk), opening the day page again. */
  async function reload(userId: string) {
    const first = await persistedStore();
    first.store.dispatch(loggedIn(makeUser({ _id: userId, role: 'Guide', company: signInCompany })));
    // The sign-in's company is kept on the device, as the pages' answers are.
    await waitFor(async () => expect(await loadSnapshot(userId, 'company')).toBeDefined());
    await first.persistor.flush();
    const { store } = await persistedStore();
    serveDay();
    return renderRoute(`/bookings/date/${DAY}`, { store });
  }

  it('is read on load: a colour a Manager changed since shows', async () => {
    const reads = { count: 0 };
    server.use(
      http.get(apiUrl('/api/company'), () => {
        reads.count += 1;
        return HttpResponse.json({ ...signInCompany, tours: [{ ...walk, color: 'yellow' }] });
      }),
    );
    const { store } = await reload('guide-company-1');

    await waitFor(async () => expect(await slotCard()).toHaveStyle(colour('yellow')));
    expect(shownCompany(store)?.tours[0]?.color).toBe('yellow');
    expect(reads.count).toBe(1);
  });

  it.each([
    ['without a network', () => HttpResponse.error()],
    [
      'when the server fails',
      () => HttpResponse.json({ error: 'Something went wrong', code: 'INTERNAL' }, { status: 500 }),
    ],
  ])('is the copy kept on the device %s', async (_when, answer) => {
    server.use(http.get(apiUrl('/api/company'), answer));
    await reload('guide-company-2');

    expect(await slotCard()).toHaveStyle(colour('blue'));
  });

  it('says when it cannot be read and there is no copy, and reads it again on Try again', async () => {
    server.use(http.get(apiUrl('/api/company'), () => HttpResponse.error()));
    const { user } = renderRoute(`/bookings/date/${DAY}`, { store: makeTestStore(loading(makeUser({ _id: 'new' }))) });

    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the server');
    expect(screen.queryByRole('list', { name: 'Tour slots' })).not.toBeInTheDocument();
    server.use(http.get(apiUrl('/api/company'), () => HttpResponse.json(signInCompany)));
    serveDay();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await slotCard()).toHaveStyle(colour('blue'));
  });

  it('kept by an earlier version with the stored user becomes the copy on the device', async () => {
    const kept = makeUser({ _id: 'guide-company-3', role: 'Guide', company: signInCompany });
    localStorage.setItem(
      'persist:auth',
      JSON.stringify({ user: JSON.stringify(kept), _persist: JSON.stringify({ version: -1, rehydrated: true }) }),
    );
    const { store } = await persistedStore();

    expect(store.getState().auth.user).toEqual(sessionOf(kept));
    expect((await loadSnapshot(kept._id, 'company'))?.data).toEqual(signInCompany);
    server.use(http.get(apiUrl('/api/company'), () => HttpResponse.error()));
    serveDay();
    renderRoute(`/bookings/date/${DAY}`, { store });
    expect(await slotCard()).toHaveStyle(colour('blue'));
  });

  it("ignores a change's answer about a company that is not the signed-in member's", async () => {
    server.use(
      http.patch(apiUrl('/api/company/:companyId/:tourId/color'), () =>
        HttpResponse.json({ ...signInCompany, _id: 'company-2', tours: [] }),
      ),
    );
    const store = makeTestStore(signedIn(makeUser({ company: signInCompany })));
    await store.dispatch(
      tourLookApi.endpoints.setTourLook.initiate({ companyId: 'company-1', tourId: 't1', look: { color: 'green' } }),
    );
    expect(shownCompany(store)).toEqual(signInCompany);
  });
});
