/** Spec §4: the stepper value is clamped to 0…booked; anything non-numeric becomes 0. */
export function clampAttendance(value: string | number, booked: number): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(value.trim(), 10);
  if (!Number.isFinite(parsed)) return 0;
  return Math.min(Math.max(Math.trunc(parsed), 0), booked);
}

/** Spec §4: radios up to 4 guests of a type, a stepper above. */
export const RADIO_MAX = 4;
