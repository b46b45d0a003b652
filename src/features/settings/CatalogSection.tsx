import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import OutcomeSnackbar, { type Outcome } from '../../components/OutcomeSnackbar';
import { TourLookFields } from '../../components/TourLookFields';
import { WALKIN_SOURCE, type Company, type Tour } from '../../domain/company';
import { msg } from '../../domain/messageFormat';
import type { CatalogChange } from '../../domain/schemas/company';
import { errorMessage } from '../../services/errors';
import { useT } from '../../services/i18n/useT';
import { CatalogEntryRow, type CatalogEntry } from './CatalogEntryRow';
import { useChangeCatalogEntryMutation, type CatalogPlural } from '../../services/catalogApi';
import { useAddCatalogEntryMutation } from './settingsApi';

const TEXT = {
  tours: {
    title: msg('Tours'),
    hint: msg(
      "Renaming keeps every booking, note, shift and report under the new name. An archived tour is offered for no new booking; its past ones keep it. A tour's other names are the ones channels give it in their files and calls; its colour and flag are how the day's bookings show it.",
    ),
    add: msg('New tour'),
    empty: msg('No tours yet: add the first one.'),
  },
  sources: {
    title: msg('Sources'),
    hint: msg('Where bookings come from. Walkin is the default of a new booking and always stays.'),
    add: msg('New source'),
    empty: msg('No sources yet.'),
  },
} as const;

type Entry = CatalogEntry & { tour?: Tour };

function entriesOf(company: Company, plural: CatalogPlural): Entry[] {
  if (plural === 'tours') {
    return company.tours.map((t) => ({
      ref: t._id,
      label: t.label,
      archived: Boolean(t.archived),
      fixed: false,
      aliases: t.aliases ?? [],
      tour: t,
    }));
  }
  return company.sources.map((s) => ({
    ref: s._id ?? s.id,
    label: s.label,
    archived: Boolean(s.archived),
    fixed: s.label === WALKIN_SOURCE,
  }));
}

/** The company's tours or sources, kept by a Manager; each change answers the company, kept at once. */
export function CatalogSection({ company, plural }: { company: Company; plural: CatalogPlural }) {
  const t = useT();
  const text = TEXT[plural];
  const headingId = useId();
  const [label, setLabel] = useState('');
  const [add, adding] = useAddCatalogEntryMutation();
  const [change, changing] = useChangeCatalogEntryMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // A colour or flag is saved as it is picked, and said as Account says it.
  const [lookOutcome, setLookOutcome] = useState<Outcome | null>(null);
  const entries = entriesOf(company, plural);
  const busy = adding.isLoading || changing.isLoading;

  const run = async (request: Promise<unknown>): Promise<boolean> => {
    setFailure(null);
    try {
      await request;
      return true;
    } catch (error) {
      setFailure(errorMessage(error, t('The change was not saved. Try again.')));
      return false;
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (label.trim() && (await run(add({ companyId: company._id, plural, label: label.trim() }).unwrap())))
      setLabel('');
  };
  const onChange = (ref: string) => (changeBody: CatalogChange) =>
    run(change({ companyId: company._id, plural, ref, change: changeBody }).unwrap());

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        {t(text.title)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(text.hint)}
      </Typography>
      {entries.length === 0 ? (
        <Typography sx={{ my: 2 }}>{t(text.empty)}</Typography>
      ) : (
        <List aria-labelledby={headingId}>
          {entries.map((entry, index) => (
            <CatalogEntryRow
              key={entry.ref}
              entry={entry}
              index={index}
              count={entries.length}
              busy={busy}
              onChange={onChange(entry.ref)}
            >
              {entry.tour && <TourLookFields companyId={company._id} tour={entry.tour} onOutcome={setLookOutcome} />}
            </CatalogEntryRow>
          ))}
        </List>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Stack component="form" noValidate onSubmit={submit} direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t(text.add)}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={busy || !label.trim()}>
          {t('Add')}
        </Button>
      </Stack>
      <OutcomeSnackbar outcome={lookOutcome} onClose={() => setLookOutcome(null)} />
    </Paper>
  );
}
