import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import type { Booking, NearbySlot } from '../../src/domain/booking';
import { CUSTOMER_TYPES, listFromCounts, ZERO_COUNTS, type CustomerCounts } from '../../src/domain/customerTypes';
import { NOTE_ID_PATTERN } from '../../src/domain/slotRules';
import type { Shift } from '../../src/domain/team';
import { apiUrl } from './fixtures';
import { server } from './server';

export const DAY = '2026-11-21';
export const DAY_LABEL = 'Saturday, 21 November 2026';
export const TIME = '10:30';
export const TOUR = 'Old Town Walk';
export const SLOT_PATH = `/bookings/date/${DAY}/${TIME}/Old%20Town%20Walk`;
export const SHIFT_STRING = `${DAY}-${TIME}-${TOUR}`;

/**
 * GET /api/:uniqueId, the note's route. Its pattern also matches /api/events, /api/company and the like: those it
 * leaves to their own handlers.
 */
export const noteRoute = (resolver: HttpResponseResolver<{ uniqueId: string }>) =>
  http.get<{ uniqueId: string }>(apiUrl('/api/:uniqueId'), (info) =>
    NOTE_ID_PATTERN.test(info.params.uniqueId) ? resolver(info) : undefined,
  );

let nextId = 1;

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  const id = nextId++;
  return {
    _id: `booking-${id}`,
    bookingId: `GYG${String(id).padStart(9, '0')}`,
    name: `Guest ${id}`,
    company: 'company-1',
    customers: [{ Adults: 2 }],
    attendees: [{ Adults: 0 }],
    pax: 2,
    date: DAY,
    time: TIME,
    tour: TOUR,
    source: 'Walkin',
    phone: '+34 600 000 000',
    cancelled: false,
    manual: false,
    modifiedBy: null,
    differences: null,
    guide: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** A shift of the slot DAY/TIME/TOUR; each guide's counts default to zero for the types left out. */
export function makeShift(
  guides: Array<{ _id: string; name: string; counts: Partial<CustomerCounts> }>,
  totals: Partial<CustomerCounts> = {},
): Shift {
  return {
    _id: 'shift-1',
    shiftString: SHIFT_STRING,
    date: DAY,
    time: TIME,
    tour: TOUR,
    guides: guides.map(({ _id, name, counts }) => ({
      _id,
      name,
      attendees: listFromCounts({ ...ZERO_COUNTS, ...counts }, CUSTOMER_TYPES),
    })),
    totalAttendees: listFromCounts({ ...ZERO_COUNTS, ...totals }, CUSTOMER_TYPES),
  };
}

interface SlotOptions {
  bookings?: Booking[];
  modifiable?: boolean;
  nearby?: NearbySlot[];
  note?: string;
  guides?: Array<{ _id: string; name: string }>;
  /** The slot's shift; null (the default) answers 404 NO_SHIFT, as the server does before the first split. */
  shift?: Shift | null;
  /** The departure's capacity in the timetable; absent as from a server before capacities. */
  capacity?: number | null;
}

/**
 * The calls the slot page makes, answered for the slot DAY/TIME/TOUR. Returns the calls made and what the server
 * "holds": a test's own mutation handlers change `held`, and later fetches answer with it.
 */
export function serveSlot({
  bookings = [],
  modifiable = true,
  nearby = [],
  note = '',
  guides = [],
  shift = null,
  capacity,
}: SlotOptions = {}) {
  const held = { bookings, shift };
  const calls = {
    slot: [] as Array<Record<string, string>>,
    nearby: [] as Array<Record<string, string>>,
    shift: [] as Array<Record<string, string>>,
    held,
  };
  server.use(
    http.get(apiUrl('/api/bookings/date/:day/:time/:tour'), ({ params }) => {
      calls.slot.push(params as Record<string, string>);
      return HttpResponse.json({
        bookings: held.bookings,
        modifiable,
        ...(capacity === undefined ? {} : { capacity }),
      });
    }),
    http.get(apiUrl('/api/shift/:time/:day/:tour/:companyName'), ({ params }) => {
      calls.shift.push(params as Record<string, string>);
      return held.shift
        ? HttpResponse.json(held.shift)
        : HttpResponse.json({ error: 'No shift for this slot', code: 'NO_SHIFT' }, { status: 404 });
    }),
    http.get(apiUrl('/api/bookings/nearbytours/:day/:startTime/:endTime'), ({ params }) => {
      calls.nearby.push(params as Record<string, string>);
      return HttpResponse.json(nearby);
    }),
    http.get(apiUrl('/api/user/guides/company'), () => HttpResponse.json(guides)),
    noteRoute(() => HttpResponse.json({ note })),
  );
  return calls;
}
