import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ScanButton } from './ScanButton';
import { ScanField } from './ScanField';
import type { ScanResult } from './scanResult';
import { useScanLookup, type ScanSlot } from './useScanLookup';

/** The camera's Scan button and, where asked, the field a keyboard-wedge scanner (or a person) types a code into. */
export default function ScanControls({ field = false, slot }: { field?: boolean; slot?: ScanSlot }) {
  const lookUp = useScanLookup(slot);
  const [typedResult, setTypedResult] = useState<ScanResult | null>(null);
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1, displayPrint: 'none' }}>
      <ScanButton lookUp={lookUp} />
      {field && <ScanField result={typedResult} onCode={(code) => void lookUp(code).then(setTypedResult)} />}
    </Stack>
  );
}
