import { useEffect } from 'react';
import { STREAM_RESET } from '../domain/events';
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
    return dispatch(
      subscribeLive((message) => {
        if (message === STREAM_RESET) {
          // Events were missed and cannot be replayed: read everything shown again, the company too.
          dispatch(api.util.invalidateTags([...TAG_TYPES]));
        } else if (message.kind.startsWith('company.')) {
          // A Manager changed the company (settings, tours and sources, timetable): every page shows it.
          dispatch(api.util.invalidateTags(['Company', 'Bookings', 'Slot', 'Timetable']));
        } else if (message.kind.startsWith('team.')) {
          dispatch(api.util.invalidateTags(['Team']));
        }
      }),
    );
  }, [dispatch]);

  return null;
}
