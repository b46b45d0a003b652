import { v7 as uuidv7 } from 'uuid';
import {
  addCounts,
  CUSTOMER_TYPES,
  totalCount,
  ZERO_COUNTS,
  type CustomerCounts,
} from '../../../src/domain/customerTypes';
import type { EventSlot } from '../../../src/domain/events';
import { noteUniqueId } from '../../../src/domain/slotRules';
import { splitByAssignment, splitEvenly } from '../../../src/domain/split';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../db/signedIn';
import { slotOfBooking } from './bookingFacts';
import { bookedCounts } from './bookings.mapper';
import { listSlotBookings } from './bookingReads.repository';
import type { BookingRow } from './bookings.repository';
import { recordEvents } from '../eventLog/eventLog';
import { findShift, lockShifts, replaceShiftGuides, upsertShift, type ShiftGuideRow } from './shiftHeads.repository';

/** One guide of a split: the member, their name as shown, their guests. */
export interface GuideShare {
  userId: string;
  name: string;
  counts: CustomerCounts;
}

/*
 * The one writer of a shift's guides and heads. Once any live booking of the slot has a guide, each guide's heads are
 * the guests of the bookings assigned to them (src/domain/split.ts), so the split and the shifts report credit what
 * guides really had; until then, the split is the one chosen (even, or edited by hand).
 */

/** Spec §4 save of the slot's guides; the counts sent are kept only while no booking of the slot has a guide. */
export async function saveShift(tx: Db, auth: AuthContext, slot: EventSlot, chosen: GuideShare[]): Promise<void> {
  await lockShifts(tx, auth.companyId, [shiftStringOf(slot)]);
  const previous = await findShift(tx, auth.companyId, shiftStringOf(slot));
  const rows = await listSlotBookings(tx, auth.companyId, slot);
  const guides = followingBookings(chosen, rows) ?? chosen;
  await store(tx, auth.companyId, slot, rows, guides);
  await recordEvents(tx, auth, [
    {
      kind: 'slot.guidesSaved',
      slot,
      before: { Guides: guidesText(previous?.guides.map(shareOf) ?? []) },
      after: { Guides: guidesText(guides) },
    },
  ]);
}

/** A split's change, as the event of the write that caused it records it (one write, one event). */
export interface SplitChange {
  before: { Guides: string };
  after: { Guides: string };
}

/**
 * Called after a change to which guide leads some of the slot's bookings, or to the guests of a booking that has a
 * guide: the shift's heads follow. When the last assigned booking went back to Unassigned, the split is even again.
 * Null when the slot has no guides or their heads stay as they were.
 */
export async function followAssignment(tx: Db, companyId: string, slot: EventSlot): Promise<SplitChange | null> {
  await lockShifts(tx, companyId, [shiftStringOf(slot)]);
  const previous = await findShift(tx, companyId, shiftStringOf(slot));
  if (!previous || previous.guides.length === 0) return null;
  const current = previous.guides.map(shareOf);
  const rows = await listSlotBookings(tx, companyId, slot);
  const guides =
    followingBookings(current, rows) ??
    splitEvenly(liveTotals(rows), current.length).map((counts, index) => ({
      ...(current[index] as GuideShare),
      counts,
    }));
  if (sameHeads(current, guides)) return null;
  await store(tx, companyId, slot, rows, guides);
  return { before: { Guides: guidesText(current) }, after: { Guides: guidesText(guides) } };
}

/**
 * After an edit of a booking: when it has (or had) a guide, the split of its slot follows, and so does the one it moved
 * to. Returns its own slot's change, for the edit's event.
 */
export async function followBookingChange(
  tx: Db,
  companyId: string,
  row: BookingRow,
  updated: BookingRow,
): Promise<SplitChange | null> {
  if (row.guideId === null && updated.guideId === null) return null;
  const from = slotOfBooking(row);
  const to = slotOfBooking(updated);
  const moved = shiftStringOf(from) !== shiftStringOf(to);
  if (moved) await lockShifts(tx, companyId, [shiftStringOf(from), shiftStringOf(to)]);
  const split = await followAssignment(tx, companyId, from);
  if (moved) await followAssignment(tx, companyId, to);
  return split;
}

const shiftStringOf = (slot: EventSlot) => noteUniqueId(slot.day, slot.time, slot.tour);

/** A guide's (or a report row's) stored heads. */
export const countsOf = (row: { adults: number; teens: number; children: number }): CustomerCounts => ({
  Adults: row.adults,
  Teens: row.teens,
  Children: row.children,
});

const shareOf = (row: ShiftGuideRow): GuideShare => ({ userId: row.userId, name: row.name, counts: countsOf(row) });

/** The guides with the guests of the bookings they lead, or null while no live booking has a guide. */
function followingBookings(guides: GuideShare[], rows: BookingRow[]): GuideShare[] | null {
  const assignment = splitByAssignment(
    guides.map((guide) => guide.userId),
    rows.map((row) => ({ guide: row.guideId, counts: bookedCounts(row), cancelled: row.cancelled })),
  );
  return assignment && guides.map((guide, index) => ({ ...guide, counts: assignment.shares[index] ?? ZERO_COUNTS }));
}

function liveTotals(rows: BookingRow[]): CustomerCounts {
  const totals = { ...ZERO_COUNTS };
  for (const row of rows) if (!row.cancelled) addCounts(totals, bookedCounts(row));
  return totals;
}

const sameHeads = (a: GuideShare[], b: GuideShare[]) =>
  a.length === b.length &&
  a.every((guide, index) => CUSTOMER_TYPES.every((type) => guide.counts[type] === b[index]?.counts[type]));

async function store(tx: Db, companyId: string, slot: EventSlot, rows: BookingRow[], guides: GuideShare[]) {
  const totals = liveTotals(rows);
  const shiftId = await upsertShift(tx, {
    companyId,
    id: uuidv7(),
    shiftString: shiftStringOf(slot),
    date: slot.day,
    time: slot.time,
    tour: slot.tour,
    totalAdults: totals.Adults,
    totalTeens: totals.Teens,
    totalChildren: totals.Children,
  });
  await replaceShiftGuides(
    tx,
    companyId,
    shiftId,
    guides.map((guide, position) => ({
      userId: guide.userId,
      name: guide.name,
      position,
      adults: guide.counts.Adults,
      teens: guide.counts.Teens,
      children: guide.counts.Children,
    })),
  );
}

/** A split as the history shows it: "Ana 12, Ben 8". */
const guidesText = (guides: GuideShare[]) =>
  guides.map((guide) => `${guide.name} ${totalCount(guide.counts)}`).join(', ') || '—';
