import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser } from '../../domain/auth';
import { companyUpdated, loggedOut, tokenReceived } from '../../services/authEvents';

/** 'checking' until the on-load rule (spec §4) has decided whether the stored session is still usable. */
export type AuthStatus = 'checking' | 'ready';

export interface AuthState {
  user: AuthUser | null;
  status: AuthStatus;
}

const initialState: AuthState = { user: null, status: 'checking' };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<AuthUser>) {
      state.user = action.payload;
      state.status = 'ready';
    },
    sessionChecked(state) {
      state.status = 'ready';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(tokenReceived, (state, { payload }) => {
        state.user = { ...payload.user, token: payload.accessToken };
        state.status = 'ready';
      })
      .addCase(companyUpdated, (state, { payload }) => {
        // An answer that arrives after someone else signed in is not about their company.
        if (state.user?.company._id === payload._id) state.user.company = payload;
      })
      .addCase(loggedOut, (state) => {
        state.user = null;
        state.status = 'ready';
      });
  },
});

export const { loggedIn, sessionChecked } = authSlice.actions;

interface StateWithAuth {
  auth: AuthState;
}

export const selectUser = (state: StateWithAuth) => state.auth.user;
export const selectAuthStatus = (state: StateWithAuth) => state.auth.status;
