import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useT } from '../services/i18n/useT';
import { Placeholder } from './Placeholder';

interface ListSkeletonProps {
  /** Read by screen readers while the list loads, e.g. "Loading bookings". */
  label: string;
  /** Height of one placeholder row, close to the real row's so nothing jumps when it arrives. */
  rowHeight: number;
  rows?: number;
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ label, rowHeight, rows = 3 }: ListSkeletonProps) {
  return (
    <Stack spacing={rowHeight > 60 ? 1.5 : 1} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Placeholder key={i} height={rowHeight} />
      ))}
    </Stack>
  );
}

/** A load that failed, with the way to try it again. */
export function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={() => onRetry()}>
          {t('Try again')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
