import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser } from '../../domain/auth';
import { loggedOut, tokenReceived } from '../../services/authEvents';

/** 'checking' until the on-load rule (spec §4) has decided whether the stored session is still usable. */
export type AuthStatus = 'checking' | 'ready';

/** The signed-in member as sign-in answers them, without the company: that is server data (src/services/companyApi). */
export type Session = Omit<AuthUser, 'company'>;

export interface AuthState {
  user: Session | null;
  status: AuthStatus;
}

const initialState: AuthState = { user: null, status: 'checking' };

const sessionOf = ({ company: _company, ...session }: AuthUser): Session => session;

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<AuthUser>) {
      state.user = sessionOf(action.payload);
      state.status = 'ready';
    },
    sessionChecked(state) {
      state.status = 'ready';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(tokenReceived, (state, { payload }) => {
        state.user = { ...sessionOf(payload.user), token: payload.accessToken };
        state.status = 'ready';
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
