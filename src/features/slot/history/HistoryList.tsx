import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ListSkeleton, RetryAlert } from '../../../components/LoadStates';
import type { HistoryEntry } from '../../../domain/events';
import { historyLine } from '../../../domain/history';
import { errorMessage } from '../../../services/errors';
import { FORMAT_LOCALE } from '../../../domain/languages';
import { useCompany } from '../../../services/companyApi';
import { useLanguage, useT } from '../../../services/i18n/useT';

interface HistoryListProps {
  /** Names the list for screen readers, e.g. "History of Ana". */
  label: string;
  entries: HistoryEntry[] | undefined;
  error: unknown;
  onRetry: () => void;
}

/** A history newest first, one line per change, with its loading, failed and empty states. */
export function HistoryList({ label, entries, error, onRetry }: HistoryListProps) {
  const company = useCompany();
  const t = useT();
  const language = useLanguage();
  if (error && !entries) {
    return <RetryAlert onRetry={onRetry}>{errorMessage(error, t('The history could not be loaded'))}</RetryAlert>;
  }
  if (!entries) return <ListSkeleton label={t('Loading the history')} rowHeight={24} />;
  if (entries.length === 0) return <Typography color="text.secondary">{t('No changes recorded yet')}</Typography>;
  const now = new Date();
  return (
    <Stack component="ol" spacing={1} aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry) => (
        <Typography key={entry.id} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {historyLine(entry, company.timezone, now, { words: t, locale: FORMAT_LOCALE[language] })}
        </Typography>
      ))}
    </Stack>
  );
}
