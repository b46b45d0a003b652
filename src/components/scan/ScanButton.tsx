import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../services/i18n/useT';
import type { ScanResult } from './scanResult';

// The camera view and its decoder download on the first tap: most visits never scan.
const ScanDialog = lazy(() => import(/* webpackChunkName: "scan" */ './ScanDialog'));

/** Scan: opens the camera full screen and shows what `lookUp` finds for each code read (see useScanLookup). */
export function ScanButton({ lookUp }: { lookUp: (code: string) => Promise<ScanResult> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<ScanResult | null>(null);
  const close = () => {
    setOpen(false);
    setResult(null);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<QrCodeScanner />} onClick={() => setOpen(true)} sx={{ minHeight: 48 }}>
        {t('Scan')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ScanDialog onClose={close} result={result} onCode={(code) => void lookUp(code).then(setResult)} />
        </Suspense>
      )}
    </>
  );
}
