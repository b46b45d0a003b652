import { useMemo } from 'react';
import { useAppSelector } from '../../../app/hooks';
import type { SlotBookings } from '../../../domain/booking';
import { bookingsWithOutbox } from '../../../domain/outboxView';
import { selectOutboxEntries } from '../../../services/offline/outboxSlice';

/** The slot as the device should show it: its waiting check-ins over the server's (or the kept) copy. */
export function useWithOutbox<T extends SlotBookings>(data: T | undefined): T | undefined {
  const entries = useAppSelector(selectOutboxEntries);
  return useMemo(() => {
    if (!data) return data;
    const bookings = bookingsWithOutbox(data.bookings, entries);
    return bookings === data.bookings ? data : { ...data, bookings };
  }, [data, entries]);
}
