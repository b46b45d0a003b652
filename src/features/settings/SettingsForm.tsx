import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import OutcomeSnackbar, { type Outcome } from '../../components/OutcomeSnackbar';
import { WINDOW_MINUTES_MAX, type Company } from '../../domain/company';
import { useUpdateCompanySettingsMutation } from '../../services/companySettingsApi';
import { errorMessage } from '../../services/errors';
import { LanguageSelect } from '../../components/LanguageSelect';
import { useT } from '../../services/i18n/useT';
import { RULES, type RuleKey } from './settingRules';
import { settingsChanges, settingsForm, windowError, type SettingsForm as Form } from './settingsForm';
import { TimeZoneField } from './TimeZoneField';

/** The company's name, zone and rules; only what changed is sent, and the answer becomes everyone's company. */
export function SettingsForm({ company }: { company: Company }) {
  const t = useT();
  const headingId = useId();
  const [form, setForm] = useState<Form>(() => settingsForm(company));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [save, { isLoading, error }] = useUpdateCompanySettingsMutation();
  const changes = settingsChanges(company, form);
  const nameError = form.name.trim() === '' ? t('Enter the company name') : undefined;
  const beforeError = windowError(form.beforeTime);
  const afterError = windowError(form.afterTime);
  const invalid = Boolean(nameError || beforeError || afterError);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || !changes) return;
    const saved = await save({ companyId: company._id, changes })
      .unwrap()
      .catch(() => undefined);
    if (saved) {
      setForm(settingsForm(saved));
      setOutcome({ severity: 'success', message: t('Settings saved') });
    }
  };
  const setRule = (key: RuleKey, on: boolean) => setForm({ ...form, rules: { ...form.rules, [key]: on } });

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 2 }}>
        {t('Company')}
      </Typography>
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        <TextField
          label={t('Company name')}
          value={form.name}
          error={Boolean(nameError)}
          helperText={nameError}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TimeZoneField value={form.timezone} onChange={(timezone) => setForm({ ...form, timezone })} />
        <LanguageSelect
          label={t('Default language for new members')}
          value={form.defaultLanguage}
          helperText={t('What Tourdesk speaks to a new member until they pick their own language in Account.')}
          onChange={(defaultLanguage) => setForm({ ...form, defaultLanguage })}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['beforeTime', 'afterTime'] as const).map((key) => (
            <TextField
              key={key}
              label={
                key === 'beforeTime' ? t('Window before the start (minutes)') : t('Window after the start (minutes)')
              }
              type="number"
              value={form[key]}
              error={Boolean(key === 'beforeTime' ? beforeError : afterError)}
              helperText={key === 'beforeTime' ? beforeError : afterError}
              onChange={(event) => setForm({ ...form, [key]: event.target.value })}
              slotProps={{ htmlInput: { min: 0, max: WINDOW_MINUTES_MAX, inputMode: 'numeric' } }}
            />
          ))}
        </Stack>
        {!beforeError && !afterError && (
          <Typography variant="body2" color="text.secondary">
            {t('Guides see a slot from {before} minutes before to {after} minutes after it starts.', {
              before: form.beforeTime,
              after: form.afterTime,
            })}
          </Typography>
        )}
        {RULES.map((rule) => {
          const on = form.rules[rule.key];
          return (
            <div key={rule.key}>
              <FormControlLabel
                control={<Switch checked={on} onChange={(event) => setRule(rule.key, event.target.checked)} />}
                label={t(rule.label)}
              />
              <Typography variant="body2" color="text.secondary" sx={{ ml: 6 }}>
                {on ? t(rule.on) : t(rule.off)}
              </Typography>
            </div>
          );
        })}
        {error && <Alert severity="error">{errorMessage(error, t('The settings were not saved. Try again.'))}</Alert>}
        <div>
          <Button type="submit" variant="contained" disabled={invalid || !changes} loading={isLoading}>
            {t('Save settings')}
          </Button>
        </div>
      </Stack>
      <OutcomeSnackbar outcome={outcome} onClose={() => setOutcome(null)} />
    </Paper>
  );
}
