import { useEffect } from 'react';
import { startOutbox } from '../features/slot/outbox/outboxActions';
import { useAppDispatch, useAppStore } from './hooks';

/** Mounted while someone is signed in: check-ins the device kept (from before a reload, another tab) are sent. */
export default function OutboxSync() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  useEffect(() => {
    dispatch(startOutbox());
    return () => {
      // Signed out: the member's entries stay on the device, unsent, until they sign in again.
      void import(/* webpackChunkName: "offline" */ '../features/slot/outbox/outboxSync').then((m) => {
        if (!store.getState().auth.user) m.stopOutbox();
      });
    };
  }, [dispatch, store]);
  return null;
}
