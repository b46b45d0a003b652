import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { authSlice, loggedIn, type AuthState } from '../features/auth/authSlice';
import { liveSlice } from '../services/live/liveSlice';
import { outboxSlice } from '../services/offline/outboxSlice';
import { api } from '../services/api';
import { loggedOut, tokenReceived } from '../services/authEvents';
import { companySignedIn } from '../services/companyApi';
import type { LiveExtra } from '../services/live/subscribeLive';
import { authPersistConfig } from './authPersistence';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: persistReducer(authPersistConfig, authSlice.reducer),
  // Kept in IndexedDB by the outbox itself, per member, not by redux-persist.
  outbox: outboxSlice.reducer,
  live: liveSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** What tests and callers may preload; redux-persist adds its `_persist` marker itself. */
export interface AppPreloadedState {
  auth?: AuthState;
}

export function makeStore(preloadedState: AppPreloadedState = {}) {
  const listeners = createListenerMiddleware();
  const extra: LiveExtra = {};
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as Partial<RootState>,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listeners.middleware)
        .concat(api.middleware),
  });
  // A sign-in's or a refresh's answer carries the company: the pages have it without reading it again.
  listeners.startListening({
    actionCreator: loggedIn,
    effect: ({ payload }, listenerApi) => {
      listenerApi.dispatch(companySignedIn(payload.company));
    },
  });
  listeners.startListening({
    actionCreator: tokenReceived,
    effect: ({ payload }, listenerApi) => {
      listenerApi.dispatch(companySignedIn(payload.user.company));
    },
  });
  // Cached server data belongs to the company that fetched it; the next sign-in must not see it.
  listeners.startListening({
    actionCreator: loggedOut,
    effect: (_action, listenerApi) => {
      extra.live?.stop();
      listenerApi.dispatch(api.util.resetApiState());
      // The copies kept on the device for the street go too (a shared tablet at the office).
      const userId = (listenerApi.getOriginalState() as RootState).auth.user?._id;
      if (userId) {
        void import(/* webpackChunkName: "offline" */ '../services/offline/snapshots')
          .then((m) => m.forgetSnapshots(userId))
          .catch(() => undefined);
      }
    },
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
