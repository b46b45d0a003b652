import { useSyncExternalStore } from 'react';
import { useStoredChoice } from '../../services/storedChoice';

const SLOT_VIEWS = ['list', 'table'] as const;
export type SlotView = (typeof SLOT_VIEWS)[number];

// MUI's md breakpoint (theme.breakpoints.up('md')), asked of the browser directly: MUI's useMediaQuery would add its
// code to the guide's first load for this one question.
const WIDE = '(min-width: 900px)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isWide = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches;

/**
 * The table is for wide screens: a phone always shows the cards, whatever was chosen on a desk. The desk's choice is
 * kept on the device, so it opens every slot as it left the last.
 */
export function useManifestView() {
  const wide = useSyncExternalStore(subscribe, isWide, () => false);
  const [view, setView] = useStoredChoice<SlotView>('slot:view', SLOT_VIEWS, 'list');
  return { wide, view: wide ? view : 'list', setView };
}
