import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Company } from '../../domain/company';
import type { ImportSummary } from '../../domain/imports';
import { FORMAT_LOCALE } from '../../domain/languages';
import { useChangeCatalogEntryMutation } from '../../services/catalogApi';
import { errorMessage } from '../../services/errors';
import { useLanguage, useT } from '../../services/i18n/useT';

interface UnknownToursProps {
  company: Company;
  names: ImportSummary['unknownTours'];
  /** A name became a tour's other name: the file is read again. */
  onNamed(): void;
}

/**
 * The file's tour names that no tour has (a channel's product names, say). Choosing the tour one means keeps it as
 * that tour's other name, for this file, the next ones and the channel API.
 */
export function UnknownTours({ company, names, onNamed }: UnknownToursProps) {
  const t = useT();
  const locale = FORMAT_LOCALE[useLanguage()];
  const headingId = useId();
  const [change, { isLoading }] = useChangeCatalogEntryMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const tours = company.tours.filter((tour) => !tour.archived);

  const name = async (unknown: string, tourId: string) => {
    const tour = tours.find((candidate) => candidate._id === tourId);
    if (!tour) return;
    setFailure(null);
    try {
      // One name added, to the names the tour has on the server now (another Manager may have added one).
      await change({ companyId: company._id, plural: 'tours', ref: tour._id, change: { addAlias: unknown } }).unwrap();
      onNamed();
    } catch (error) {
      setFailure(
        errorMessage(
          error,
          t('"{name}" was not saved as a name of {tour}. Try again.', { name: unknown, tour: tour.label }),
        ),
      );
    }
  };

  // One sentence to translate, the link placed where the language puts it.
  const [beforeLink, afterLink] = t('This company has no tours yet: {link}, then preview again.', {
    link: '\u0000',
  }).split('\u0000');

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3">
        {t('Tours this file names differently')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(
          "Rows naming these were rejected. Choose the tour each name means: it becomes that tour's other name (Settings › Tours), and the file is read again.",
        )}
      </Typography>
      <Table size="small" aria-labelledby={headingId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Name in the file')}</TableCell>
            <TableCell>{t('Rows')}</TableCell>
            <TableCell>{t('Tour')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {names.map(({ name: unknown, rows }) => (
            <TableRow key={unknown}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{unknown}</TableCell>
              <TableCell>{rows.toLocaleString(locale)}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <TextField
                  select
                  fullWidth
                  size="small"
                  label={t('Tour for {name}', { name: unknown })}
                  value=""
                  disabled={isLoading || tours.length === 0}
                  onChange={(event) => void name(unknown, event.target.value)}
                >
                  {tours.map((tour) => (
                    <MenuItem key={tour._id} value={tour._id}>
                      {tour.label}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {tours.length === 0 && (
        <Typography sx={{ mt: 1 }}>
          {beforeLink}
          <Link component={RouterLink} to="/settings">
            {t('add them in Settings')}
          </Link>
          {afterLink}
        </Typography>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}
