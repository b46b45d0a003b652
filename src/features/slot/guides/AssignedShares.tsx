import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { totalCount, ZERO_COUNTS } from '../../../domain/customerTypes';
import type { AssignedSplit } from '../../../domain/split';
import type { ChosenGuide } from './splitForm';
import { shareText } from './splitText';
import { useT } from '../../../services/i18n/useT';

interface AssignedSharesProps {
  guides: readonly ChosenGuide[];
  split: AssignedSplit;
}

/** The chosen guides' guests as their bookings give them: shown, not typed (Assign bookings moves them). */
export function AssignedShares({ guides, split }: AssignedSharesProps) {
  const t = useT();
  return (
    <Stack component="ul" aria-label={t('Guests per guide')} sx={{ listStyle: 'none', p: 0, m: 0, gap: 0.5 }}>
      {guides.map((guide, index) => (
        <Typography component="li" key={guide._id} sx={{ overflowWrap: 'anywhere' }}>
          {t('{name}: {share}', { name: guide.name, share: shareText(split.shares[index] ?? ZERO_COUNTS, t) })}
        </Typography>
      ))}
      {totalCount(split.unassigned) > 0 && (
        <Typography component="li" color="text.secondary">
          {t('Unassigned: {share}', { share: shareText(split.unassigned, t) })}
        </Typography>
      )}
    </Stack>
  );
}
