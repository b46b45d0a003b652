import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { totalCount, ZERO_COUNTS } from '../../../domain/customerTypes';
import type { AssignedSplit } from '../../../domain/split';
import type { ChosenGuide } from './splitForm';
import { shareText } from './splitText';

interface AssignedSharesProps {
  guides: readonly ChosenGuide[];
  split: AssignedSplit;
}

/** The chosen guides' guests as their bookings give them: shown, not typed (Assign bookings moves them). */
export function AssignedShares({ guides, split }: AssignedSharesProps) {
  return (
    <Stack component="ul" aria-label="Guests per guide" sx={{ listStyle: 'none', p: 0, m: 0, gap: 0.5 }}>
      {guides.map((guide, index) => (
        <Typography component="li" key={guide._id} sx={{ overflowWrap: 'anywhere' }}>
          {`${guide.name}: ${shareText(split.shares[index] ?? ZERO_COUNTS)}`}
        </Typography>
      ))}
      {totalCount(split.unassigned) > 0 && (
        <Typography component="li" color="text.secondary">
          {`Unassigned: ${shareText(split.unassigned)}`}
        </Typography>
      )}
    </Stack>
  );
}
