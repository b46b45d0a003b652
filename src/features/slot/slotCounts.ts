import { CUSTOMER_TYPES, type CustomerCounts } from '../../domain/customerTypes';

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
