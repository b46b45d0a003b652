import { lazy, Suspense } from 'react';
import type { ScanSlot } from './useScanLookup';

// The guide's first visit has no bytes to spare: the controls come in their own small file, their place held open
// meanwhile so nothing below them moves.
const ScanControls = lazy(() => import(/* webpackChunkName: "scan-controls" */ './ScanControls'));

/** Where a page offers scanning: the Scan button, and on the slot page (`slot`) the wedge field. */
export function ScanArea({ field, slot }: { field?: boolean; slot?: ScanSlot }) {
  return (
    <div style={{ minHeight: 48 }}>
      <Suspense fallback={null}>
        <ScanControls field={field} slot={slot} />
      </Suspense>
    </div>
  );
}
