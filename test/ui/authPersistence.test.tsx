import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { persistStore } from 'redux-persist';
import { makeStore } from '../../src/app/store';
import { TOUR_COLOR_HEX } from '../../src/components/tourLook';
import { loggedIn } from '../../src/features/auth/authSlice';
import { companyUpdated, loggedOut } from '../../src/services/authEvents';
import { apiUrl, company, makeUser } from './fixtures';
import { renderRoute } from './renderWithProviders';
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

describe("the stored user's company", () => {
  const walk = { _id: 't1', id: 'old-town', label: 'Old Town Walk', color: 'blue', flag: 'uk' } as const;
  const storedCompany = { ...company, tours: [walk] };
  const slotCard = async () => within(await screen.findByRole('list', { name: 'Tour slots' })).getByRole('listitem');

  /** A page load with the user a Guide's phone kept from an earlier sign-in: blue Old Town Walk. */
  async function reload() {
    const first = await persistedStore();
    first.store.dispatch(loggedIn(makeUser({ role: 'Guide', company: storedCompany })));
    await first.persistor.flush();
    const { store, persistor } = await persistedStore();
    server.use(
      http.get(apiUrl(`/api/bookings/date/${DAY}`), () =>
        HttpResponse.json({ bookings: [makeBooking({ tour: 'Old Town Walk' })], hiddenSlots: 0 }),
      ),
    );
    return { ...renderRoute(`/bookings/date/${DAY}`, { store }), persistor };
  }

  it('is read again on load: a colour a Manager changed since shows, and is stored', async () => {
    server.use(
      http.get(apiUrl('/api/company'), () =>
        HttpResponse.json({ ...storedCompany, tours: [{ ...walk, color: 'yellow' }] }),
      ),
    );
    const { store, persistor } = await reload();

    await waitFor(async () =>
      expect(await slotCard()).toHaveStyle({ borderLeft: `8px solid ${TOUR_COLOR_HEX.yellow}` }),
    );
    expect(store.getState().auth.user?.company.tours[0]?.color).toBe('yellow');
    await persistor.flush();
    expect(JSON.parse(stored()!.user!).company.tours[0].color).toBe('yellow');
  });

  it('stays as stored when the company cannot be read', async () => {
    const reads = { count: 0 };
    server.use(
      http.get(apiUrl('/api/company'), () => {
        reads.count += 1;
        return HttpResponse.json({ error: 'Something went wrong on our side', code: 'INTERNAL' }, { status: 500 });
      }),
    );
    const { store } = await reload();

    expect(await slotCard()).toHaveStyle({ borderLeft: `8px solid ${TOUR_COLOR_HEX.blue}` });
    await waitFor(() => expect(reads.count).toBe(1));
    expect(store.getState().auth).toMatchObject({ status: 'ready', user: { company: storedCompany } });
  });

  it("ignores an answer about a company that is not the signed-in user's", () => {
    const store = makeStore({ auth: { user: makeUser({ company: storedCompany }), status: 'ready' } });
    store.dispatch(companyUpdated({ ...storedCompany, _id: 'company-2', tours: [] }));
    expect(store.getState().auth.user?.company).toEqual(storedCompany);
  });
});
