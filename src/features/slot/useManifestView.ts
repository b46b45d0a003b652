import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';

export type SlotView = 'list' | 'table';

/** The table is for wide screens: a phone always shows the cards, whatever was chosen on a desk. */
export function useManifestView() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [view, setView] = useState<SlotView>('list');
  return { wide, view: wide ? view : 'list', setView };
}
