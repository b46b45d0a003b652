import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { DateLocalization } from '../../components/DateLocalization';
import { ListSkeleton } from '../../components/LoadStates';
import OutcomeSnackbar, { type Outcome } from '../../components/OutcomeSnackbar';
import type { Company } from '../../domain/company';
import type { Timetable } from '../../domain/timetable';
import { todayInZone } from '../../domain/zonedDates';
import { randomId } from '../../services/deviceId';
import { errorMessage } from '../../services/errors';
import { useT } from '../../services/i18n/useT';
import { DepartureRow } from './DepartureRow';
import { ExceptionRow } from './ExceptionRow';
import { SubsectionHeading } from './SubsectionHeading';
import { useGetTimetableQuery, useSaveTimetableMutation } from '../../services/timetableApi';
import { departureProblem, exceptionProblem, newDeparture, newException, sameTimetable } from './timetableDraft';

/** When each tour runs. Loaded, edited as a whole and saved as a whole. */
export function TimetableSection({ company }: { company: Company }) {
  const t = useT();
  const headingId = useId();
  const { data, error, refetch } = useGetTimetableQuery(company._id);
  // Here, not in the form: the saved timetable comes back and the form starts afresh from it.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        {t('Timetable')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('The days and times each tour runs. Every departure shows on its day’s page, booked or not.')}
      </Typography>
      {error ? (
        <Alert severity="error" action={<Button onClick={() => refetch()}>{t('Try again')}</Button>}>
          {errorMessage(error, t('The timetable could not be loaded'))}
        </Alert>
      ) : data ? (
        <DateLocalization>
          <TimetableForm
            key={JSON.stringify(data)}
            company={company}
            saved={data}
            onSaved={() => setOutcome({ severity: 'success', message: t('Timetable saved') })}
          />
        </DateLocalization>
      ) : (
        <ListSkeleton label={t('Loading the timetable')} rowHeight={56} />
      )}
      <OutcomeSnackbar outcome={outcome} onClose={() => setOutcome(null)} />
    </Paper>
  );
}

interface TimetableFormProps {
  company: Company;
  saved: Timetable;
  onSaved: () => void;
}

type List = keyof Timetable;

function TimetableForm({ company, saved, onSaved }: TimetableFormProps) {
  const t = useT();
  const [draft, setDraft] = useState(saved);
  // Each row keeps its key: its date and time fields hold what is being typed, which must not move to another row.
  const [keys, setKeys] = useState(() => ({
    departures: saved.departures.map(() => randomId()),
    exceptions: saved.exceptions.map(() => randomId()),
  }));
  const [save, { isLoading, error }] = useSaveTimetableMutation();
  const tours = company.tours.filter((tour) => !tour.archived).map((tour) => ({ id: tour._id, label: tour.label }));
  const today = todayInZone(company.timezone, new Date());
  const invalid =
    draft.departures.some((d) => departureProblem(d)) || draft.exceptions.some((e) => exceptionProblem(e));
  const replace = <K extends List>(list: K, index: number, value: Timetable[K][number]) =>
    setDraft({ ...draft, [list]: draft[list].map((v, i) => (i === index ? value : v)) });
  const remove = (list: List, index: number) => {
    setDraft({ ...draft, [list]: draft[list].filter((_, i) => i !== index) });
    setKeys({ ...keys, [list]: keys[list].filter((_, i) => i !== index) });
  };
  const add = <K extends List>(list: K, value: Timetable[K][number]) => {
    setDraft({ ...draft, [list]: [...draft[list], value] });
    setKeys({ ...keys, [list]: [...keys[list], randomId()] });
  };

  if (tours.length === 0)
    return <Typography sx={{ mt: 2 }}>{t('Add a tour above first, then the days and times it runs.')}</Typography>;
  const submit = async () => {
    const answer = await save({ companyId: company._id, timetable: draft })
      .unwrap()
      .catch(() => undefined);
    if (answer) onSaved();
  };
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <SubsectionHeading>{t('Weekly departures')}</SubsectionHeading>
      {draft.departures.length === 0 && <Typography>{t('No departures yet.')}</Typography>}
      <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('Weekly departures')}>
        {draft.departures.map((d, i) => (
          <DepartureRow
            key={keys.departures[i]}
            departure={d}
            tours={tours}
            onChange={(v) => replace('departures', i, v)}
            onRemove={() => remove('departures', i)}
          />
        ))}
      </Stack>
      <Button sx={{ alignSelf: 'flex-start' }} onClick={() => add('departures', newDeparture(tours[0]!.id, today))}>
        {t('Add a departure')}
      </Button>
      <SubsectionHeading>{t('One-day changes')}</SubsectionHeading>
      <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('One-day changes')}>
        {draft.exceptions.map((e, i) => (
          <ExceptionRow
            key={keys.exceptions[i]}
            exception={e}
            tours={tours}
            onChange={(v) => replace('exceptions', i, v)}
            onRemove={() => remove('exceptions', i)}
          />
        ))}
      </Stack>
      <Button sx={{ alignSelf: 'flex-start' }} onClick={() => add('exceptions', newException(tours[0]!.id, today))}>
        {t('Add a one-day change')}
      </Button>
      {error && <Alert severity="error">{errorMessage(error, t('The timetable was not saved. Try again.'))}</Alert>}
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        disabled={invalid || sameTimetable(draft, saved)}
        loading={isLoading}
        onClick={submit}
      >
        {t('Save timetable')}
      </Button>
    </Stack>
  );
}
