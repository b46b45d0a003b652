import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../app/hooks';
import type { Language } from '../../domain/languages';
import { tokenReceived } from '../../services/authEvents';
import { errorMessage } from '../../services/errors';
import { LanguageSelect } from '../../components/LanguageSelect';
import { useT } from '../../services/i18n/useT';
import { useChangeLanguageMutation } from './accountApi';

/** The member's own language, kept on the server: every device they sign in on speaks it, at once. */
export function LanguageSection({ language }: { language: Language }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const [changeLanguage, { isLoading, error }] = useChangeLanguageMutation();
  const choose = async (value: Language) => {
    if (value === language) return;
    const result = await changeLanguage(value);
    // The answer is the member as sign-in gives it, with the token they already hold.
    if (result.data) dispatch(tokenReceived({ user: result.data.user, accessToken: result.data.user.token }));
  };
  return (
    <Paper component="section" aria-labelledby="language-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="language-heading" variant="h2" sx={{ mb: 2 }}>
        {t('Language')}
      </Typography>
      <LanguageSelect
        label={t('Language')}
        value={language}
        disabled={isLoading}
        helperText={t('The language Tourdesk speaks to you, on every device you sign in on.')}
        onChange={(value) => void choose(value)}
        sx={{ minWidth: 240 }}
      />
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
    </Paper>
  );
}
