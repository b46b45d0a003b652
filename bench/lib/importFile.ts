/**
 * bench:imports' channel file (issue 24): semicolons, dd/MM/yyyy dates, accented names, about 1 % bad rows and 2 %
 * cancellations, and the bookings already in Tourdesk that make some rows updates, cancellations or unchanged.
 */
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../server/db/client';
import { bookings } from '../../server/db/schema';
import { newBookingReference } from '../../server/modules/bookings/bookingReferences';
import { emptyCounts, type ImportOutcome } from '../../src/domain/imports';
import { nextDay } from '../../src/domain/slotRules';
import type { Slot } from './trafficData';

const HEADER = ['Booking Ref', 'Lead Traveller', 'Travel Date', 'Start', 'Product', 'Adults', 'Children', 'Status'];
const FIELDS = ['reference', 'name', 'date', 'time', 'tour', 'adults', 'children', 'cancelled'];
const FIRST = ['José', 'Zoë', 'François', 'Søren', 'Łukasz', 'Ana', 'Jürgen'];
const LAST = ['Núñez', 'Ångström', 'Lefèvre', 'Kierkegård', 'Wróbel', 'García-Peña'];
/** What a bad row gets wrong, in turn; the last repeats the row before's booking. */
const BAD: Array<(cells: string[]) => void> = [
  (c) => (c[2] = '31/02/2027'),
  (c) => (c[4] = 'Night Kayak'),
  (c) => (c[5] = '40'),
  (c) => (c[5] = 'two'),
];

/** The query of preview and apply: the file's columns, in order, and Viator as every row's source. */
export const IMPORT_QUERY: Record<string, string> = {
  fileName: 'viator-bench.csv',
  encoding: 'utf-8',
  delimiter: 'semicolon',
  dateFormat: 'dd/MM/yyyy',
  fixedSource: 'Viator',
  ...Object.fromEntries(FIELDS.map((field, column) => [field, String(column)])),
};

export interface ImportFile {
  csv: Buffer;
  /** What the first preview and apply must count; the re-import finds every good row unchanged. */
  expected: Record<ImportOutcome, number>;
  /** Bookings to seed before the import: the rows that update, cancel or leave one unchanged. */
  existing: Array<Omit<typeof bookings.$inferInsert, 'companyId' | 'id' | 'reference'>>;
}

const kindOf = (i: number): ImportOutcome =>
  i % 100 === 50
    ? 'reject'
    : i % 50 === 7
      ? 'cancel'
      : i % 20 === 3
        ? 'update'
        : i % 20 === 11
          ? 'unchanged'
          : 'create';

export function buildImportFile(rows: number, slots: Slot[], firstDay: string): ImportFile {
  const days = [firstDay];
  while (days.length < 180) days.push(nextDay(days[days.length - 1] as string));
  const expected = emptyCounts();
  const existing: ImportFile['existing'] = [];
  const lines = [HEADER.join(';')];
  for (let i = 0; i < rows; i++) {
    const kind = kindOf(i);
    const slot = slots[i % slots.length] as Slot;
    const day = days[i % days.length] as string;
    const [adults, children] = [1 + (i % 6), i % 3 === 0 ? 1 : 0];
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / 7) % LAST.length]}`;
    const reference = `V${String(kind === 'reject' && Math.floor(i / 100) % 5 === 4 ? i - 1 : i).padStart(6, '0')}`;
    const status = kind === 'cancel' ? 'Cancelled' : i % 4 === 0 ? 'Confirmed' : '';
    const tour = i % 9 === 0 ? slot.tour.toLowerCase() : slot.tour;
    const cells = [reference, name, day.split('-').reverse().join('/'), slot.time, tour, `${adults}`, `${children}`];
    if (kind === 'reject') BAD[Math.floor(i / 100) % 5]?.(cells);
    lines.push([...cells, status].join(';'));
    expected[kind] += 1;
    if (kind === 'create' || kind === 'reject') continue;
    const pax = adults + children + (kind === 'update' ? 1 : 0);
    existing.push({
      ...{ bookingId: reference, name, date: day, time: slot.time, tour: slot.tour, source: 'Viator', phone: null },
      ...{ adults: kind === 'update' ? adults + 1 : adults, teens: 0, children, pax, cancelled: false },
    });
  }
  return { csv: Buffer.from(`${lines.join('\r\n')}\r\n`), expected, existing };
}

export async function seedExisting(db: Db, companyId: string, file: ImportFile): Promise<void> {
  for (let i = 0; i < file.existing.length; i += 500) {
    const batch = file.existing
      .slice(i, i + 500)
      .map((row) => ({ ...row, companyId, id: uuidv7(), reference: newBookingReference() }));
    await db.insert(bookings).values(batch);
  }
}
