import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useSignedInUser } from '../../app/hooks';
import { Page } from '../../components/Page';
import OutcomeSnackbar, { type Outcome } from '../../components/OutcomeSnackbar';
import { useT } from '../../services/i18n/useT';
import { AddGuideForm } from './AddGuideForm';
import { TeamList } from './TeamList';

/** Spec §2 Team: open to every signed-in user (§6); adding and deleting are for Managers, as the server rules. */
export function TeamPage() {
  const t = useT();
  const { role } = useSignedInUser();
  const addHeadingId = useId();
  // One message for the page: whatever the user does next replaces or clears the last one.
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  return (
    <Page title={t('Manage Team')}>
      {role === 'Manager' ? (
        <Paper component="section" aria-labelledby={addHeadingId} sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id={addHeadingId} variant="h2" sx={{ mb: 2 }}>
            {t('Add a guide')}
          </Typography>
          <AddGuideForm onOutcome={setOutcome} />
        </Paper>
      ) : (
        <Typography color="text.secondary">{t('Managers add guides to the team and remove them.')}</Typography>
      )}
      <TeamList onOutcome={setOutcome} />
      <OutcomeSnackbar outcome={outcome} onClose={() => setOutcome(null)} />
    </Page>
  );
}
