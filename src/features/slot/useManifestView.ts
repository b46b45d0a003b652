import { useState, useSyncExternalStore } from 'react';

export type SlotView = 'list' | 'table';

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

/** The table is for wide screens: a phone always shows the cards, whatever was chosen on a desk. */
export function useManifestView() {
  const wide = useSyncExternalStore(subscribe, isWide, () => false);
  const [view, setView] = useState<SlotView>('list');
  return { wide, view: wide ? view : 'list', setView };
}
