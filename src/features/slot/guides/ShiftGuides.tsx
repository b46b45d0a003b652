import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Booking } from '../../../domain/booking';
import { countsFromList, totalCount } from '../../../domain/customerTypes';
import type { Shift } from '../../../domain/team';
import { errorMessage, isNetworkError } from '../../../services/errors';
import { splitOfBookings } from './assignedSplit';
import { shareText } from './splitText';
import { RetryAlert } from '../../../components/LoadStates';
import { Tag } from '../../../components/Tag';
import { useT } from '../../../services/i18n/useT';

interface ShiftGuidesProps {
  shift: Shift | null | undefined;
  /** The slot's bookings, for the guests none of the guides has once the split follows them. */
  bookings: readonly Booking[];
  error: unknown;
  onRetry: () => void;
  /** The saved split's mismatch sentence, if any, and the id the Split button points at. */
  warning: string | null;
  warningId: string;
}

/** The slot header's assigned guides: the shift's guides with their share of the guests. */
export function ShiftGuides({ shift, bookings, error, onRetry, warning, warningId }: ShiftGuidesProps) {
  const t = useT();
  // Offline, guides this device never read are left out: the page already says it is offline.
  if (error && isNetworkError(error)) return null;
  if (error) {
    return <RetryAlert onRetry={onRetry}>{errorMessage(error, t("The slot's guides could not be loaded"))}</RetryAlert>;
  }
  if (!shift || shift.guides.length === 0) return null;
  const unassigned = splitOfBookings(
    shift.guides.map((g) => g.name),
    bookings,
  )?.unassigned;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('Guides')}
        </Typography>
        {shift.guides.map((guide) => (
          <Tag key={guide._id}>
            {t('{name}: {share}', { name: guide.name, share: shareText(countsFromList(guide.attendees), t) })}
          </Tag>
        ))}
        {unassigned && totalCount(unassigned) > 0 && (
          <Tag tone="accent">{t('Unassigned: {share}', { share: shareText(unassigned, t) })}</Tag>
        )}
      </Stack>
      {warning && (
        <Typography id={warningId} variant="body2" color="warning.dark">
          * {warning}
        </Typography>
      )}
    </Stack>
  );
}
