/** What a scan found, as the scanner shows it: the parent looks the code up and words the answer. */
export type ScanKind = 'found' | 'checkedIn' | 'otherSlot' | 'notFound' | 'hidden';

export interface ScanResult {
  kind: ScanKind;
  title: string;
  detail?: string;
  /** A way on from the result, e.g. to the booking's own slot. */
  action?: { label: string; onClick: () => void };
}

/** Theme palette colours: green found, blue already in, amber elsewhere, red unknown, grey not yours to see. */
export const SCAN_COLOURS: Record<ScanKind, string> = {
  found: 'success.main',
  checkedIn: 'info.main',
  otherSlot: 'warning.main',
  notFound: 'error.main',
  hidden: 'grey.700',
};
