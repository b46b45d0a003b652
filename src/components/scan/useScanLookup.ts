import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { countsFromList, totalCount } from '../../domain/customerTypes';
import { displayDay } from '../../domain/reportColumns';
import { errorCode, errorMessage } from '../../services/errors';
import { useT } from '../../services/i18n/useT';
import { useLazyLookupBookingQuery, type BookingLookup } from '../../services/lookupApi';
import { slotPath } from '../paths';
import type { ScanResult } from './scanResult';

export type ScanSlot = BookingLookup['slot'];
const sameSlot = (a: ScanSlot, b: ScanSlot | undefined) =>
  b !== undefined && a.day === b.day && a.time === b.time && a.tour === b.tour;

/**
 * Turns a scanned or typed code into what the scanner shows, for the page's own slot when it has one: the party
 * here, already checked in, booked on another departure (with the way there), unknown, or outside the Guide's window.
 */
export function useScanLookup(here?: ScanSlot): (code: string) => Promise<ScanResult> {
  const t = useT();
  const navigate = useNavigate();
  const [lookUp] = useLazyLookupBookingQuery();
  return useCallback(
    async (code) => {
      const { data, error } = await lookUp(code.trim());
      if (!data) {
        if (errorCode(error) === 'SLOT_HIDDEN') return { kind: 'hidden', title: errorMessage(error) };
        const status = (error as { status?: unknown } | undefined)?.status;
        const title = status === 404 ? t('No booking has this code') : errorMessage(error);
        return { kind: 'notFound', title };
      }
      const { booking, slot } = data;
      const name = booking.name;
      const open = () => navigate(slotPath(slot.day, slot.time, slot.tour), { state: { scannedId: booking._id } });
      const booked = totalCount(countsFromList(booking.customers));
      if (booking.cancelled) return { kind: 'notFound', title: t('{name}: this booking is cancelled', { name }) };
      if (booked > 0 && totalCount(countsFromList(booking.attendees)) >= booked) {
        return { kind: 'checkedIn', title: t('{name}: already checked in', { name }) };
      }
      const guests = t('{name}: {count, plural, one {# guest} other {# guests}}', { name, count: booked });
      if (sameSlot(slot, here)) {
        open();
        return { kind: 'found', title: guests, detail: t('Check them in on their row') };
      }
      const where = t('Booked on {tour} at {time}, {day}', {
        tour: slot.tour,
        time: slot.time,
        day: displayDay(slot.day),
      });
      const action = { label: t('Open its slot'), onClick: open };
      return here
        ? { kind: 'otherSlot', title: guests, detail: where, action }
        : { kind: 'found', title: guests, detail: where, action };
    },
    [here, lookUp, navigate, t],
  );
}
