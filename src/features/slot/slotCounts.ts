import { seatsLeft, seatsLeftText } from '../../domain/capacity';
import { CUSTOMER_TYPES, totalCount, type CustomerCounts } from '../../domain/customerTypes';

/** "Adults 2 of 3 · Children 0 of 1": checked in of booked, for the types that were booked. */
export function attendanceText(checkedIn: CustomerCounts, booked: CustomerCounts): string {
  return (
    CUSTOMER_TYPES.filter((type) => booked[type] > 0 || checkedIn[type] > 0)
      .map((type) => `${type} ${checkedIn[type]} of ${booked[type]}`)
      .join(' · ') || 'No guests'
  );
}

/** "Adults 4, Children 2", leaving out types nobody was counted in. */
export function countsText(counts: CustomerCounts): string {
  return (
    CUSTOMER_TYPES.filter((type) => counts[type] > 0)
      .map((type) => `${type} ${counts[type]}`)
      .join(', ') || 'No guests'
  );
}

export type CheckInState = 'none' | 'partial' | 'full';

/** Partly checked in (3 of 4 came) is told apart from fully: the toggle alone shows only "some came". */
export function checkInState(checkedIn: CustomerCounts, booked: CustomerCounts): CheckInState {
  const came = totalCount(checkedIn);
  if (came === 0) return 'none';
  return came < totalCount(booked) ? 'partial' : 'full';
}

/** A departure's guests against its capacity: "28 / 30 pax · 2 seats left", or "33 / 30 pax · 3 over capacity". */
export function capacityText(pax: number, capacity: number): string {
  const state = pax > capacity ? `${pax - capacity} over capacity` : seatsLeftText(seatsLeft(capacity, pax));
  return `${pax} / ${capacity} pax · ${state}`;
}
