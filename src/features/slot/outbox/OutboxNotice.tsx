import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppDispatch } from '../../../app/hooks';
import { CUSTOMER_TYPE_LABELS } from '../../../domain/customerTypes';
import type { OutboxEntry } from '../../../domain/outbox';
import { clockInZone } from '../../../domain/zonedDates';
import { applyMine, settleEntry } from './conflictActions';
import { useCompany } from '../../../services/companyApi';
import { useT } from '../../../services/i18n/useT';

/**
 * A check-in the server did not take as sent: another device checked in meanwhile ("Ana checked in 3 adults at 10:02
 * · Keep 3 / Use your 4"), or it was refused (the slot locked, the booking gone).
 */
export default function OutboxNotice({ entry }: { entry: OutboxEntry }) {
  const dispatch = useAppDispatch();
  const company = useCompany();
  const t = useT();
  if (entry.state === 'refused') {
    return (
      <Alert severity="error" onClose={() => dispatch(settleEntry(entry))}>
        {t('Check-in not saved: {reason}', { reason: entry.refusal ?? '' })}
      </Alert>
    );
  }
  const conflicts = entry.conflict?.conflicts ?? [];
  const [only] = conflicts.length === 1 ? conflicts : [];
  return (
    <Alert
      severity="warning"
      action={
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button color="inherit" size="small" onClick={() => dispatch(settleEntry(entry))}>
            {only ? t('Keep {count}', { count: only.theirs }) : t('Keep theirs')}
          </Button>
          <Button color="inherit" size="small" variant="outlined" onClick={() => dispatch(applyMine(entry))}>
            {only ? t('Use your {count}', { count: only.yours }) : t('Use yours')}
          </Button>
        </Stack>
      }
    >
      {conflicts.map((conflict) => (
        <div key={conflict.type}>
          {conflict.at
            ? t('{who} checked in {count} {type} at {time} (you: {yours})', {
                who: conflict.by ?? t('Another device'),
                count: conflict.theirs,
                type: t(CUSTOMER_TYPE_LABELS[conflict.type]).toLocaleLowerCase(),
                time: clockInZone(company.timezone, new Date(conflict.at)),
                yours: conflict.yours,
              })
            : t('{who} checked in {count} {type} (you: {yours})', {
                who: conflict.by ?? t('Another device'),
                count: conflict.theirs,
                type: t(CUSTOMER_TYPE_LABELS[conflict.type]).toLocaleLowerCase(),
                yours: conflict.yours,
              })}
        </div>
      ))}
    </Alert>
  );
}
