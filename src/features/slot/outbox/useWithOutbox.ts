import { useMemo } from 'react';
import { useAppSelector } from '../../../app/hooks';
import type { SlotBookings } from '../../../domain/booking';
import { withOutbox } from '../../../domain/outboxView';
import { selectOutboxEntries } from './outboxSlice';

/** The slot as the device should show it: its waiting check-ins over the server's (or the kept) copy. */
export function useWithOutbox<T extends SlotBookings>(data: T | undefined): T | undefined {
  const entries = useAppSelector(selectOutboxEntries);
  return useMemo(() => {
    if (!data || entries.length === 0) return data;
    const bookings = data.bookings.map((booking) => withOutbox(booking, entries));
    return bookings.every((booking, index) => booking === data.bookings[index]) ? data : { ...data, bookings };
  }, [data, entries]);
}
