import Box from '@mui/material/Box';
import { syncLabel, syncSummary } from '../domain/outbox';
import { selectOutbox } from '../services/offline/outboxSlice';
import { useAppSelector } from './hooks';

/** The header's word on street mode: "Offline · 2 waiting", "Syncing · 1 waiting", "1 conflict"; nothing when sent. */
export default function SyncBadge() {
  const { entries, online, syncing } = useAppSelector(selectOutbox);
  const label = syncLabel(syncSummary(entries), online, syncing);
  return (
    <Box
      role="status"
      aria-label="Sync"
      sx={{
        display: label ? 'inline-flex' : 'none',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        fontSize: '0.8125rem',
        fontWeight: 600,
        // On a phone the label may take two short lines, leaving the company name room beside it.
        whiteSpace: { xs: 'normal', sm: 'nowrap' },
        maxWidth: { xs: 96, sm: 'none' },
        lineHeight: 1.25,
        textAlign: 'center',
        flexShrink: 0,
      }}
    >
      {label}
    </Box>
  );
}
