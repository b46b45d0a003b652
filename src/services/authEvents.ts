import { createAction } from '@reduxjs/toolkit';
import type { RefreshResponse } from '../domain/auth';

// These live in services, not in the auth feature, because the base query dispatches them and services may not
// import features. The auth slice handles them.
export const tokenReceived = createAction<RefreshResponse>('auth/tokenReceived');
export const loggedOut = createAction('auth/loggedOut');
