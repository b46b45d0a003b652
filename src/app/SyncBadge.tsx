import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { syncLabel, syncSummary } from '../domain/outbox';
import { useT } from '../services/i18n/useT';
import { selectLiveDown } from '../services/live/liveSlice';
import { selectOutbox, sentReportSeen } from '../services/offline/outboxSlice';
import { useAppDispatch, useAppSelector } from './hooks';

// Long enough to read at a glance, short enough not to linger.
const SENT_SHOWN_MS = 5_000;

/**
 * The header's word on street mode: "Offline · 2 waiting", "Syncing · 1 waiting", "1 conflict", then for a moment
 * "3 check-ins sent"; "Not live" while the live stream cannot be opened; nothing when all is sent.
 */
export default function SyncBadge() {
  const t = useT();
  const dispatch = useAppDispatch();
  const { entries, online, syncing, sent } = useAppSelector(selectOutbox);
  const liveDown = useAppSelector(selectLiveDown);
  const label = syncLabel(syncSummary(entries), online, syncing, sent, !liveDown, t);
  useEffect(() => {
    if (sent === 0) return;
    const timer = setTimeout(() => dispatch(sentReportSeen()), SENT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [dispatch, sent]);
  return (
    <Box
      role="status"
      aria-label={t('Sync')}
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
