import {
  departureFit,
  NO_DEPARTURE_MESSAGE,
  overCapacityMessage,
  SeatLedger,
  slotKeyOf,
  takesSeats,
  type DepartureFit,
  type SeatMove,
  type SeatOverrides,
  type SeatVerdict,
  type SlotKey,
} from '../../../src/domain/capacity';
import type { Db } from '../../db/client';
import { ConflictError, type AppError } from '../../errors';
import { bookedOn, lockDepartures, scheduleOf } from './departureSeats.repository';
import { scheduleOfSlot } from './slotSchedule.repository';

/** The seats a write was given: `overCapacity` when a Manager booked past the capacity. */
export type SeatsTaken = Extract<SeatVerdict, { ok: true }>;
type SeatRefusal = Exclude<SeatVerdict, { ok: true }>;

/**
 * Reads into the ledger the departures of these slots it does not hold yet. With `lock`, those with a capacity are
 * locked (departureSeats.repository.ts) before their guests are counted: a write judged on the count holds it until
 * it commits.
 */
export async function loadSeats(
  db: Db,
  companyId: string,
  ledger: SeatLedger,
  slots: SlotKey[],
  { lock }: { lock: boolean },
): Promise<void> {
  const fresh = [...new Map(slots.filter((s) => !ledger.has(s)).map((s) => [slotKeyOf(s), s])).values()];
  if (fresh.length === 0) return;
  const { timetable, tourIds } = await scheduleOf(db, companyId, fresh);
  const fits = fresh.map((slot) => ({
    slot,
    fit: departureFit(timetable, tourIds.get(slot.tour), slot.day, slot.time),
  }));
  const limited = fits.filter(({ fit }) => fit.kind === 'departure' && fit.capacity !== null).map((f) => f.slot);
  if (lock) await lockDepartures(db, companyId, limited);
  const booked = await bookedOn(db, companyId, limited);
  for (const { slot, fit } of fits) ledger.add(slot, fit, booked.get(slotKeyOf(slot)) ?? 0);
}

/** 409 with the seats left (`details`), or that the timetable has no such departure. */
export function seatRefusal(verdict: SeatRefusal): AppError {
  if (verdict.code === 'NO_DEPARTURE') return new ConflictError(NO_DEPARTURE_MESSAGE, 'NO_DEPARTURE');
  const { seatsLeft, capacity } = verdict;
  return new ConflictError(overCapacityMessage(seatsLeft), 'OVER_CAPACITY', { details: { seatsLeft, capacity } });
}

/** One booking's write judged on its departure, under its lock; refused with 409 when it does not fit. */
export async function takeSeats(
  db: Db,
  companyId: string,
  move: SeatMove,
  overrides: SeatOverrides = {},
): Promise<SeatsTaken> {
  if (!takesSeats(move)) return { ok: true };
  const ledger = new SeatLedger();
  await loadSeats(db, companyId, ledger, [move.to.slot], { lock: true });
  return judged(ledger, move, overrides);
}

/**
 * One booking's write judged on its departure as the caller read it under the departure's lock (its fit and guests
 * booked); refused with 409 when it does not fit.
 */
export function takeSeatsRead(move: SeatMove, fit: DepartureFit, booked: number): SeatsTaken {
  if (!takesSeats(move)) return { ok: true };
  const ledger = new SeatLedger();
  ledger.add(move.to.slot, fit, booked);
  return judged(ledger, move, {});
}

function judged(ledger: SeatLedger, move: SeatMove, overrides: SeatOverrides): SeatsTaken {
  const verdict = ledger.take(move, overrides);
  if (!verdict.ok) throw seatRefusal(verdict);
  return verdict;
}

/** The capacity of the slot's departure; null when it has none, or the timetable has no such departure. */
export async function capacityOf(db: Db, companyId: string, slot: SlotKey): Promise<number | null> {
  const { timetable, tourId } = await scheduleOfSlot(db, companyId, slot);
  const fit = departureFit(timetable, tourId, slot.day, slot.time);
  return fit.kind === 'departure' ? fit.capacity : null;
}

/** What an event records of a booking made over capacity: "23 / 20 pax" on its departure after it. */
export function overCapacityFacts(taken: SeatsTaken): Record<string, string> {
  return taken.overCapacity
    ? { 'Over capacity': `${taken.overCapacity.booked} / ${taken.overCapacity.capacity} pax` }
    : {};
}
