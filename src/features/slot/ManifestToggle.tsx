import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { SlotView } from './useManifestView';

interface ManifestToggleProps {
  view: SlotView;
  onChange: (view: SlotView) => void;
}

/** Cards or a dense table (the manifest), and printing it; for wide screens. */
export function ManifestToggle({ view, onChange }: ManifestToggleProps) {
  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        aria-label="Show bookings as"
        onChange={(_event, next: SlotView | null) => {
          if (next) onChange(next);
        }}
      >
        <ToggleButton value="list">Cards</ToggleButton>
        <ToggleButton value="table">Table</ToggleButton>
      </ToggleButtonGroup>
      {view === 'table' && (
        <Button startIcon={<Print />} onClick={() => window.print()}>
          Print
        </Button>
      )}
    </>
  );
}
