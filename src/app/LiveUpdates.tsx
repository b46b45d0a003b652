import { useEffect } from 'react';
import { STREAM_RESET } from '../domain/events';
import { authApi } from '../features/auth/authApi';
import { api, TAG_TYPES } from '../services/api';
import { subscribeLive } from '../services/live/subscribeLive';
import { useAppDispatch } from './hooks';

/**
 * Mounted while someone is signed in: keeps the live stream open and applies what it says about the company to every
 * page. The pages' own queries apply booking events (src/features/*Api.ts); this reads again what they cannot patch.
 */
export default function LiveUpdates() {
  const dispatch = useAppDispatch();

  useEffect(() => {
    // The signed-in user's copy of the company (tours, sources, rules) follows through companyUpdated.
    const readCompany = () =>
      dispatch(authApi.endpoints.getCompany.initiate(undefined, { subscribe: false, forceRefetch: true }));
    return dispatch(
      subscribeLive((message) => {
        if (message === STREAM_RESET) {
          // Events were missed and cannot be replayed: read everything shown again.
          readCompany();
          dispatch(api.util.invalidateTags([...TAG_TYPES]));
        } else if (message.kind.startsWith('company.')) {
          readCompany();
          dispatch(api.util.invalidateTags(['Bookings', 'Slot', 'Timetable']));
        } else if (message.kind.startsWith('team.')) {
          dispatch(api.util.invalidateTags(['Team']));
        }
      }),
    );
  }, [dispatch]);

  return null;
}
