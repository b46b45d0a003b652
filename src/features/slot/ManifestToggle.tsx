import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { SlotView } from './useManifestView';
import { useT } from '../../services/i18n/useT';

interface ManifestToggleProps {
  view: SlotView;
  onChange: (view: SlotView) => void;
}

/** Cards or a dense table (the manifest), and printing it; for wide screens. */
export function ManifestToggle({ view, onChange }: ManifestToggleProps) {
  const t = useT();
  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        aria-label={t('Show bookings as')}
        onChange={(_event, next: SlotView | null) => {
          if (next) onChange(next);
        }}
      >
        <ToggleButton value="list">{t('Cards')}</ToggleButton>
        <ToggleButton value="table">{t('Table')}</ToggleButton>
      </ToggleButtonGroup>
      {view === 'table' && (
        <Button startIcon={<Print />} onClick={() => window.print()}>
          {t('Print')}
        </Button>
      )}
    </>
  );
}
