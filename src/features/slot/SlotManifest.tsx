import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { MANUAL_BOOKING_ID, type Booking } from '../../domain/booking';
import { CUSTOMER_TYPES, countsFromList, totalCount } from '../../domain/customerTypes';
import { useSourcesVisible } from './useSourcesVisible';

interface SlotManifestProps {
  bookings: Booking[];
}

/** The slot's bookings as a dense table for a desk, and for paper: one row a booking, nothing to tap. */
export default function SlotManifest({ bookings }: SlotManifestProps) {
  const sourcesVisible = useSourcesVisible();
  // Phones are in the answer only for the roles the company shows them to (spec §6).
  const phonesShown = bookings.some((booking) => booking.phone !== undefined);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Manifest">
        <TableHead>
          <TableRow>
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
