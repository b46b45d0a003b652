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
import { CUSTOMER_TYPES, countsFromList, totalCount } from '../../domain/customerTypes';
import { clockInZone, todayInZone } from '../../domain/zonedDates';
import { useSourcesVisible } from './useSourcesVisible';
import { useCompany } from '../../services/companyApi';

interface SlotManifestProps {
  bookings: Booking[];
}

/** Shown on paper only: the screen has the header and the boxes to tick are for a pen. */
const PRINT_ONLY = { display: 'none', displayPrint: 'table-cell' } as const;

/** The slot's bookings as a dense table for a desk, and for paper: one row a booking, nothing to tap. */
export default function SlotManifest({ bookings }: SlotManifestProps) {
  const sourcesVisible = useSourcesVisible();
  // Phones are in the answer only for the roles the company shows them to (spec §6).
  const phonesShown = bookings.some((booking) => booking.phone !== undefined);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <PrintedBy />
      <Table size="small" aria-label="Manifest">
        <TableHead>
          <TableRow>
            <TableCell sx={PRINT_ONLY} aria-label="Tick">
              ✓
            </TableCell>
            <TableCell>Name</TableCell>
            <TableCell>ID</TableCell>
            {sourcesVisible && <TableCell>Source</TableCell>}
            {phonesShown && <TableCell>Phone</TableCell>}
            {CUSTOMER_TYPES.map((type) => (
              <TableCell key={type} align="right">
                {type}
              </TableCell>
            ))}
            <TableCell align="right">Checked in</TableCell>
            <TableCell>Guide</TableCell>
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
  const booked = countsFromList(booking.customers);
  const came = totalCount(countsFromList(booking.attendees));
  return (
    <TableRow sx={{ breakInside: 'avoid', ...(booking.cancelled && { textDecoration: 'line-through' }) }}>
      <TableCell sx={PRINT_ONLY}>
        <Box sx={{ width: 16, height: 16, border: 1 }} />
      </TableCell>
      <TableCell component="th" scope="row">
        {booking.name}
        {booking.cancelled && ' (cancelled)'}
      </TableCell>
      <TableCell>{booking.bookingId === MANUAL_BOOKING_ID ? 'Manually added' : booking.bookingId || 'No Id'}</TableCell>
      {sourcesVisible && <TableCell>{booking.source}</TableCell>}
      {phonesShown && <TableCell>{booking.phone ?? 'No phone collected'}</TableCell>}
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
  const [printedAt, setPrintedAt] = useState(() => new Date());
  useEffect(() => {
    const now = () => setPrintedAt(new Date());
    window.addEventListener('beforeprint', now);
    return () => window.removeEventListener('beforeprint', now);
  }, []);
  const day = formatDayNumeric(todayInZone(company.timezone, printedAt));
  return (
    <Typography sx={{ display: 'none', displayPrint: 'block', mb: 1 }}>
      {company.name} · printed {day} {clockInZone(company.timezone, printedAt)}
    </Typography>
  );
}
