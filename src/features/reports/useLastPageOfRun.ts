import { useState } from 'react';
import type { ReportPage } from '../../domain/reports';

/**
 * The page on screen, or while the next one loads the last one received for the same Generate press (`run`). Every
 * page of a run answers the same total and no-show totals, so the pager and the totals stay steady between pages,
 * and never show another run's numbers.
 */
export function useLastPageOfRun(run: number | undefined, page: ReportPage | undefined): ReportPage | undefined {
  const [kept, setKept] = useState<{ run: number; page: ReportPage } | null>(null);
  // Remembered during render (React's pattern for keeping what an earlier render saw), not in an effect.
  if (run !== undefined && page && kept?.page !== page) setKept({ run, page });
  if (run === undefined) return undefined;
  return page ?? (kept?.run === run ? kept.page : undefined);
}
