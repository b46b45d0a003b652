import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Company } from '../../domain/company';
import { useT } from '../../services/i18n/useT';
import { useGetCompanyGuidesQuery } from '../../services/guidesApi';
import { useGetTimetableQuery } from '../../services/timetableApi';
import { setupDone } from './setupState';
import { ZoneGuess } from './ZoneGuess';

/** A new company's first steps, on the Manager's day page until they are done. */
export default function SetupChecklist({ company }: { company: Company }) {
  const t = useT();
  const { data: timetable } = useGetTimetableQuery(company._id);
  const { data: team } = useGetCompanyGuidesQuery();
  const steps = [
    {
      label: t('Set the company’s time zone'),
      to: '/settings',
      done: !company.timezoneGuessed && company.timezone !== 'UTC',
      // A zone from the browser at sign-up is likely right: one click confirms it.
      guess: company.timezoneGuessed && company.timezone !== 'UTC' ? company.timezone : undefined,
    },
    {
      label: t('Add a first tour and the times it runs'),
      to: '/settings',
      done: company.tours.some((tour) => !tour.archived) && (timetable?.departures.length ?? 0) > 0,
    },
    { label: t('Invite a guide'), to: '/guides', done: (team?.length ?? 0) > 1 },
  ];
  const loaded = timetable !== undefined && team !== undefined;
  const allDone = loaded && steps.every((step) => step.done);
  useEffect(() => {
    if (allDone) setupDone(company._id);
  }, [allDone, company._id]);
  if (!loaded || allDone) return null;
  return (
    <Alert severity="info" component="section" role="region" aria-label={t('Set up Tourdesk')}>
      <AlertTitle>{t('Set up Tourdesk')}</AlertTitle>
      <List dense disablePadding>
        {steps.map((step) => (
          <ListItem key={step.label} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {step.done ? (
                <CheckCircle color="success" titleAccess={t('Done')} />
              ) : (
                <RadioButtonUnchecked titleAccess={t('To do')} />
              )}
            </ListItemIcon>
            {step.guess ? (
              <ZoneGuess companyId={company._id} zone={step.guess} />
            ) : (
              <ListItemText>
                {step.done ? (
                  step.label
                ) : (
                  <Link component={RouterLink} to={step.to}>
                    {step.label}
                  </Link>
                )}
              </ListItemText>
            )}
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
