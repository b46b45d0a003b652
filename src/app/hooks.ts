import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store';

// The only place that touches react-redux's untyped hooks.
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

type SignedInUser = NonNullable<RootState['auth']['user']>;

/**
 * The user of a page behind RequireAuth, which renders its pages only while someone is signed in. Here rather
 * than in the auth feature because features may not import one another.
 */
export function useSignedInUser(): SignedInUser {
  const user = useAppSelector((state) => state.auth.user);
  if (!user) throw new Error('useSignedInUser is only for pages behind RequireAuth');
  return user;
}
