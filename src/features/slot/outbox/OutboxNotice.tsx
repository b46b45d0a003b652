import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppDispatch } from '../../../app/hooks';
import type { OutboxEntry } from '../../../domain/outbox';
import { clockInZone } from '../../../domain/zonedDates';
import { applyMine, settleEntry } from './conflictActions';
import { useCompany } from '../../../services/companyApi';

/**
 * A check-in the server did not take as sent: another device checked in meanwhile ("Ana checked in 3 adults at 10:02
 * · Keep 3 / Use your 4"), or it was refused (the slot locked, the booking gone).
 */
export default function OutboxNotice({ entry }: { entry: OutboxEntry }) {
  const dispatch = useAppDispatch();
  const company = useCompany();
  if (entry.state === 'refused') {
    return (
      <Alert severity="error" onClose={() => dispatch(settleEntry(entry))}>
        Check-in not saved: {entry.refusal}
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
            {only ? `Keep ${only.theirs}` : 'Keep theirs'}
          </Button>
          <Button color="inherit" size="small" variant="outlined" onClick={() => dispatch(applyMine(entry))}>
            {only ? `Use your ${only.yours}` : 'Use yours'}
          </Button>
        </Stack>
      }
    >
      {conflicts.map((conflict) => (
        <div key={conflict.type}>
          {conflict.by ?? 'Another device'} checked in {conflict.theirs} {conflict.type.toLowerCase()}
          {conflict.at ? ` at ${clockInZone(company.timezone, new Date(conflict.at))}` : ''} (you: {conflict.yours})
        </div>
      ))}
    </Alert>
  );
}
