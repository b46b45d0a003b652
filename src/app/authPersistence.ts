import type { PersistConfig, PersistedState } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import type { Company } from '../domain/company';
import type { AuthState, Session } from '../features/auth/authSlice';
import { keepCompanyCopy } from '../services/companyApi';

type StoredAuth = PersistedState & { user?: (Session & { company?: Company }) | null };

/**
 * Only the session is kept across reloads: the status must start at 'checking' so the on-load rule runs every time.
 * Before version 1 the stored user carried the company: it becomes the company's copy on the device, so a phone that
 * opened the app the day before still has it without a network.
 */
export const authPersistConfig: PersistConfig<AuthState> = {
  key: 'auth',
  storage,
  whitelist: ['user'],
  version: 1,
  migrate: async (state) => {
    const stored = state as StoredAuth;
    if (!stored?.user?.company) return state;
    const { company, ...session } = stored.user;
    await keepCompanyCopy(session._id, company).catch(() => undefined);
    return { ...stored, user: session } as PersistedState;
  },
};
