import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import type { Outcome } from '../../components/OutcomeSnackbar';
import { slotSummaryText, type SlotTotals } from '../../domain/slots';
import type { SlotArgs } from './slotApi';
import { useSourcesVisible } from './useSourcesVisible';
import { useCompany } from '../../services/companyApi';
import { useT } from '../../services/i18n/useT';

// Dialogs download when first opened, not with the slot page (the guide's first paint); the snackbar on the first copy.
const SourcesDialog = lazy(() =>
  import(/* webpackChunkName: "slot-dialogs" */ './SourcesDialog').then((m) => ({ default: m.SourcesDialog })),
);
const OutcomeSnackbar = lazy(() => import(/* webpackChunkName: "slot-dialogs" */ '../../components/OutcomeSnackbar'));

interface CopyPaxButtonProps {
  slot: SlotArgs;
  dateLabel: string;
  totals: SlotTotals;
}

/** Puts the slot's guest numbers on the clipboard, to paste into a message to the guide or the office. */
export function CopyPaxButton({ slot, dateLabel, totals }: CopyPaxButtonProps) {
  const company = useCompany();
  const t = useT();
  // Without visible sources every booking counts as 'Unknown': a per-source breakdown would say nothing.
  const sourcesVisible = useSourcesVisible();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Mounted from the first open on, so closing it still plays its transition.
  const [dialogUsed, setDialogUsed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Mounted from the first copy on, so hiding it still plays its transition.
  const [outcomeUsed, setOutcomeUsed] = useState(false);
  const tell = (told: Outcome) => {
    setOutcomeUsed(true);
    setOutcome(told);
  };

  const copy = async () => {
    setDialogOpen(false);
    const text = slotSummaryText(
      { dateLabel, time: slot.time, tour: slot.tour },
      totals,
      sourcesVisible && !company.hideSourcesCopyOnly,
      t,
    );
    try {
      // Absent outside secure contexts (plain http): that is a failure to report, not to crash on.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      tell({ severity: 'success', message: t('Copied to clipboard') });
    } catch {
      tell({ severity: 'error', message: t('Could not copy to the clipboard') });
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ContentCopy />}
        onClick={() => {
          if (company.displaySourcesModal && sourcesVisible) {
            setDialogUsed(true);
            setDialogOpen(true);
          } else {
            void copy();
          }
        }}
      >
        {t('Copy pax')}
      </Button>
      {dialogUsed && (
        <Suspense fallback={null}>
          <SourcesDialog open={dialogOpen} totals={totals} onCopy={copy} onClose={() => setDialogOpen(false)} />
        </Suspense>
      )}
      {outcomeUsed && (
        <Suspense fallback={null}>
          <OutcomeSnackbar outcome={outcome} onClose={() => setOutcome(null)} />
        </Suspense>
      )}
    </>
  );
}
