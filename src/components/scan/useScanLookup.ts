import { useCallback } from 'react';
import { useT } from '../../services/i18n/useT';
import type { ScanResult } from './scanResult';

/** Turns a scanned or typed code into what the scanner shows. */
export function useScanLookup(): (code: string) => Promise<ScanResult> {
  const t = useT();
  // TODO(issue 38): lookup
  return useCallback(async () => ({ kind: 'notFound', title: t('No booking has this code') }), [t]);
}
