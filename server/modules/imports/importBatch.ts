import { v7 as uuidv7 } from 'uuid';
import type { ImportedBooking } from '../../../src/domain/importRow';
import { ROW_REASONS, type ImportReason, type ImportRowResult } from '../../../src/domain/imports';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../db/signedIn';
import { refusedChange, rowSnapshot, snapshotFacts } from '../bookings/bookingFacts';
import type { BookingRow } from '../bookings/bookings.repository';
import { findChannelBookings, lockBookingReferences, referenceKey } from '../bookings/channelReferences.repository';
import { bookingChanges, type BookingSnapshot } from '../../../src/domain/bookingChanges';
import { keepsCheckIns } from '../../../src/domain/bookingUpsert';
import { changedFacts, recordEvents, type Change } from '../eventLog/eventLog';
import { SeatLedger, type SeatOverrides, type SlotKey } from '../../../src/domain/capacity';
import { loadSeats } from '../timetable/departureSeats';
import { planRow, rowReason, type ImportSeats, type RowPlan } from './importPlan';
import { importedRow, insertImported, updateImported } from './importWrites';

/** A row of the file that reads as a booking. */
export interface ReadRow {
  row: number;
  booking: ImportedBooking;
}

const resultOf = (
  read: ReadRow,
  outcome: ImportRowResult['outcome'],
  { reason, changes }: Pick<RowPlan, 'reason' | 'changes'> = {},
): ImportRowResult => ({
  row: read.row,
  outcome,
  reference: read.booking.reference,
  name: read.booking.name,
  date: read.booking.date,
  ...rowReason(reason, changes),
});
const CHANGED_MEANWHILE: ImportReason = { message: ROW_REASONS.changedMeanwhile };

const slotOf = ({ date, time, tour }: BookingSnapshot) => ({ day: date, time, tour });
const refsOf = (rows: ReadRow[]) => rows.map((r) => ({ source: r.booking.source, reference: r.booking.reference }));
const existingOf = (found: Map<string, BookingRow>, { booking }: ReadRow) =>
  found.get(referenceKey(booking.source, booking.reference));

/** The departures a batch's rows come from and go to. */
function slotsOf(found: Map<string, BookingRow>, rows: ReadRow[]): SlotKey[] {
  return rows.flatMap((read) => {
    const { date, time, tour } = read.booking;
    const existing = existingOf(found, read);
    const to = { day: date, time, tour };
    return existing ? [to, { day: existing.date, time: existing.time, tour: existing.tour }] : [to];
  });
}

/**
 * What a batch of rows would do, read only (the preview). The ledger is the whole file's: a departure's guests are
 * read once, then each row that passes counts for the rows after it, as the import's committed batches will.
 */
export async function previewBatch(
  tx: Db,
  companyId: string,
  rows: ReadRow[],
  seats: ImportSeats,
): Promise<ImportRowResult[]> {
  const found = await findChannelBookings(tx, companyId, refsOf(rows));
  await loadSeats(tx, companyId, seats.ledger, slotsOf(found, rows), { lock: false });
  return rows.map((read) => {
    const plan = planRow(read.booking, existingOf(found, read), seats);
    return resultOf(read, plan.outcome, plan);
  });
}

/**
 * Applies a batch in the caller's transaction: the references locked as the channel API locks them, and the
 * departures as Add Booking locks them, then one insert, one update and one append of events (one per booking
 * written or refused for its check-ins, carrying the import's id so it can be undone), each a single statement.
 */
export async function applyBatch(
  tx: Db,
  auth: AuthContext,
  rows: ReadRow[],
  run: { importId: string; fileName: string },
  overrides: SeatOverrides,
): Promise<ImportRowResult[]> {
  const { importId } = run;
  const { companyId } = auth;
  await lockBookingReferences(tx, companyId, refsOf(rows));
  const found = await findChannelBookings(tx, companyId, refsOf(rows));
  const seats = { ledger: new SeatLedger(), overrides };
  await loadSeats(tx, companyId, seats.ledger, slotsOf(found, rows), { lock: true });
  const planned = rows.map((read) => {
    const existing = existingOf(found, read);
    return { read, existing, plan: planRow(read.booking, existing, seats) };
  });
  const written = (wanted: BookingSnapshot, id: string) => importedRow(wanted, id, auth.name);
  // A row the booking's check-ins kept out is recorded, with its file, for the Manager's list of such refusals.
  const events: Change[] = planned.flatMap(({ read, existing, plan }) => {
    if (!existing || !plan.refusal || !keepsCheckIns(plan.refusal)) return [];
    const refused = refusedChange(existing, read.booking, plan.refusal, { File: run.fileName });
    return [{ ...refused, operationId: importId }];
  });
  const created = planned.flatMap(({ read, plan }) =>
    plan.outcome === 'create' && plan.wanted
      ? [{ id: uuidv7(), bookingId: read.booking.reference, wanted: plan.wanted }]
      : [],
  );
  const changes = planned.flatMap(({ existing, plan }) =>
    existing && plan.wanted ? [{ existing, wanted: plan.wanted }] : [],
  );
  const references = await insertImported(
    tx,
    companyId,
    created.map(({ id, bookingId, wanted }) => ({
      ...written(wanted, id),
      booking_id: bookingId,
      source: wanted.source,
    })),
  );
  for (const { id, wanted } of created) {
    const after = { ...snapshotFacts(wanted), Reference: references.get(id) ?? null };
    events.push({ kind: 'booking.added', bookingIds: [id], slot: slotOf(wanted), after, operationId: importId });
  }
  const updated = await updateImported(
    tx,
    companyId,
    changes.map(({ existing, wanted }) => ({
      ...written(wanted, existing.id),
      version: existing.version,
      cancelled: wanted.cancelled,
      changes: bookingChanges(rowSnapshot(existing), wanted),
    })),
  );
  for (const { existing, wanted } of changes) {
    if (!updated.has(existing.id)) continue;
    const facts = changedFacts(snapshotFacts(rowSnapshot(existing)), snapshotFacts(wanted));
    const kind = wanted.cancelled ? 'booking.cancelled' : 'booking.edited';
    events.push({ kind, bookingIds: [existing.id], slot: slotOf(wanted), ...facts, operationId: importId });
  }
  await recordEvents(tx, auth, events);
  return planned.map(({ read, existing, plan }) =>
    existing && plan.wanted && !updated.has(existing.id)
      ? resultOf(read, 'reject', { reason: CHANGED_MEANWHILE })
      : resultOf(read, plan.outcome, plan),
  );
}
