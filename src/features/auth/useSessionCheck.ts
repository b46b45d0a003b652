import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loggedOut, tokenReceived } from '../../services/authEvents';
import { useRefreshSessionMutation } from './authApi';
import { selectAuthStatus, selectUser, sessionChecked } from './authSlice';
import { isTokenUnexpired } from './tokenExpiry';

/**
 * The on-load rule of spec §4, run once the persisted user has been rehydrated: keep a stored user whose token is
 * unexpired, otherwise ask the refresh cookie for a new session; if the server refuses, the stored user is cleared
 * (without a network it stays).
 */
export function useSessionCheck(): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  const [refreshSession] = useRefreshSessionMutation();
  // StrictMode runs effects twice; a second refresh would present an already rotated cookie.
  const started = useRef(false);

  useEffect(() => {
    if (status !== 'checking' || started.current) return;
    started.current = true;
    if (user && isTokenUnexpired(user.token, Date.now())) {
      dispatch(sessionChecked());
      return;
    }
    refreshSession()
      .unwrap()
      .then(
        (session) => dispatch(tokenReceived(session)),
        (error: unknown) => {
          // No network (a guide in the street): the stored user stays, with what the device kept; the first call
          // back online renews the token.
          if (user && (error as { status?: unknown }).status === 'FETCH_ERROR') dispatch(sessionChecked());
          else dispatch(loggedOut());
        },
      );
  }, [status, user, dispatch, refreshSession]);
}
