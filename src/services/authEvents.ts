import { createAction } from '@reduxjs/toolkit';
import type { RefreshResponse } from '../domain/auth';
import type { Company } from '../domain/company';

// These live in services, not in the auth feature, because the base query dispatches them and services may not
// import features. The auth slice handles them.
export const tokenReceived = createAction<RefreshResponse>('auth/tokenReceived');
export const loggedOut = createAction('auth/loggedOut');
/** A Manager changed the company (tour colour or flag): the signed-in user's copy follows at once. */
export const companyUpdated = createAction<Company>('auth/companyUpdated');
