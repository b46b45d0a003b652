import { SEATS_LEFT, seatsLeft } from '../../domain/capacity';
import { CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS, totalCount, type CustomerCounts } from '../../domain/customerTypes';
import type { Translate } from '../../services/i18n/useT';

/** "Adults 2 of 3 · Children 0 of 1": checked in of booked, for the types that were booked. */
export function attendanceText(checkedIn: CustomerCounts, booked: CustomerCounts, t: Translate): string {
  return (
    CUSTOMER_TYPES.filter((type) => booked[type] > 0 || checkedIn[type] > 0)
      .map((type) =>
        t('{type} {came} of {booked}', {
          type: t(CUSTOMER_TYPE_LABELS[type]),
          came: checkedIn[type],
          booked: booked[type],
        }),
      )
      .join(' · ') || t('No guests')
  );
}

/** "Adults 4, Children 2", leaving out types nobody was counted in. */
export function countsText(counts: CustomerCounts, t: Translate): string {
  return (
    CUSTOMER_TYPES.filter((type) => counts[type] > 0)
      .map((type) => t('{type} {count}', { type: t(CUSTOMER_TYPE_LABELS[type]), count: counts[type] }))
      .join(', ') || t('No guests')
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
export function capacityText(pax: number, capacity: number, t: Translate): string {
  return pax > capacity
    ? t('{pax} / {capacity} pax · {over} over capacity', { pax, capacity, over: pax - capacity })
    : t('{pax} / {capacity} pax · {seats}', {
        pax,
        capacity,
        seats: t(SEATS_LEFT, { left: seatsLeft(capacity, pax) }),
      });
}
