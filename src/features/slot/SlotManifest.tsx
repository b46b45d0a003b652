import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { formatDayNumeric } from '../../components/days';
import { MANUAL_BOOKING_ID, type Booking } from '../../domain/booking';
import { CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS, countsFromList, totalCount } from '../../domain/customerTypes';
import { clockInZone, todayInZone } from '../../domain/zonedDates';
import { useSourcesVisible } from './useSourcesVisible';
import { useCompany } from '../../services/companyApi';
import { useT } from '../../services/i18n/useT';

interface SlotManifestProps {
  bookings: Booking[];
}

/** Shown on paper only: the screen has the header and the boxes to tick are for a pen. */
const PRINT_ONLY = { display: 'none', displayPrint: 'table-cell' } as const;

/** The slot's bookings as a dense table for a desk, and for paper: one row a booking, nothing to tap. */
export default function SlotManifest({ bookings }: SlotManifestProps) {
  const t = useT();
  const sourcesVisible = useSourcesVisible();
  // Phones are in the answer only for the roles the company shows them to (spec §6).
  const phonesShown = bookings.some((booking) => booking.phone !== undefined);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <PrintedBy />
      <Table size="small" aria-label={t('Manifest')}>
        <TableHead>
          <TableRow>
            <TableCell sx={PRINT_ONLY} aria-label={t('Tick')}>
              ✓
            </TableCell>
            <TableCell>{t('Name')}</TableCell>
            <TableCell>{t('ID')}</TableCell>
            {sourcesVisible && <TableCell>{t('Source')}</TableCell>}
            {phonesShown && <TableCell>{t('Phone')}</TableCell>}
            {CUSTOMER_TYPES.map((type) => (
              <TableCell key={type} align="right">
                {t(CUSTOMER_TYPE_LABELS[type])}
              </TableCell>
            ))}
            <TableCell align="right">{t('Checked in')}</TableCell>
            <TableCell>{t('Guide')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bookings.map((booking) => (
            <ManifestRow
              key={booking._id}
              booking={booking}
              sourcesVisible={sourcesVisible}
              phonesShown={phonesShown}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ManifestRow({
  booking,
  sourcesVisible,
  phonesShown,
}: { booking: Booking } & Record<'sourcesVisible' | 'phonesShown', boolean>) {
  const t = useT();
  const booked = countsFromList(booking.customers);
  const came = totalCount(countsFromList(booking.attendees));
  return (
    <TableRow sx={{ breakInside: 'avoid', ...(booking.cancelled && { textDecoration: 'line-through' }) }}>
      <TableCell sx={PRINT_ONLY}>
        <Box sx={{ width: 16, height: 16, border: 1 }} />
      </TableCell>
      <TableCell component="th" scope="row">
        {booking.cancelled ? t('{name} (cancelled)', { name: booking.name }) : booking.name}
      </TableCell>
      <TableCell>
        {booking.bookingId === MANUAL_BOOKING_ID ? t('Manually added') : booking.bookingId || t('No Id')}
      </TableCell>
      {sourcesVisible && <TableCell>{booking.source}</TableCell>}
      {phonesShown && <TableCell>{booking.phone ?? t('No phone collected')}</TableCell>}
      {CUSTOMER_TYPES.map((type) => (
        <TableCell key={type} align="right">
          {booked[type]}
        </TableCell>
      ))}
      <TableCell align="right">
        {came}/{totalCount(booked)}
      </TableCell>
      <TableCell>{booking.guide ?? ''}</TableCell>
    </TableRow>
  );
}

/** The paper's first line: whose list it is and when it was printed, read again as the print dialog opens. */
function PrintedBy() {
  const company = useCompany();
  const t = useT();
  const [printedAt, setPrintedAt] = useState(() => new Date());
  useEffect(() => {
    const now = () => setPrintedAt(new Date());
    window.addEventListener('beforeprint', now);
    return () => window.removeEventListener('beforeprint', now);
  }, []);
  const day = formatDayNumeric(todayInZone(company.timezone, printedAt));
  return (
    <Typography sx={{ display: 'none', displayPrint: 'block', mb: 1 }}>
      {t('{company} · printed {day} {time}', {
        company: company.name,
        day,
        time: clockInZone(company.timezone, printedAt),
      })}
    </Typography>
  );
}
