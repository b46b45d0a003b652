import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './baseQueryWithReauth';

export const TAG_TYPES = [
  'Company',
  'Bookings',
  'Slot',
  'Note',
  'Shift',
  'Team',
  'Report',
  'Fees',
  'Timetable',
  'History',
  'ApiKeys',
  'Imports',
] as const;

/** The one API slice; each feature adds its endpoints with `api.injectEndpoints` in its own `<feature>Api.ts`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: TAG_TYPES,
  // Back online, what is shown is read again (a day or slot may show the copy kept on the device meanwhile).
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
