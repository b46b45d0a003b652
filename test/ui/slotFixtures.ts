import { http, HttpResponse } from 'msw';
import type { Booking, NearbySlot } from '../../src/domain/booking';
import { apiUrl } from './fixtures';
import { server } from './server';

export const DAY = '2026-11-21';
export const DAY_LABEL = 'Saturday, 21 November 2026';
export const TIME = '10:30';
export const TOUR = 'Old Town Walk';
export const SLOT_PATH = `/bookings/date/${DAY}/${TIME}/Old%20Town%20Walk`;

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

interface SlotOptions {
  bookings?: Booking[];
  modifiable?: boolean;
  nearby?: NearbySlot[];
  note?: string;
  guides?: Array<{ _id: string; name: string }>;
}

/** The four calls the slot page makes, answered for the slot DAY/TIME/TOUR; returns what the server "holds". */
export function serveSlot({ bookings = [], modifiable = true, nearby = [], note = '', guides = [] }: SlotOptions = {}) {
  const calls = { slot: [] as Array<Record<string, string>>, nearby: [] as Array<Record<string, string>> };
  server.use(
    http.get(apiUrl('/api/bookings/date/:day/:time/:tour'), ({ params }) => {
      calls.slot.push(params as Record<string, string>);
      return HttpResponse.json({ bookings, modifiable });
    }),
    http.get(apiUrl('/api/bookings/nearbytours/:day/:startTime/:endTime'), ({ params }) => {
      calls.nearby.push(params as Record<string, string>);
      return HttpResponse.json(nearby);
    }),
    http.get(apiUrl('/api/user/guides/company'), () => HttpResponse.json(guides)),
    http.get(apiUrl('/api/:uniqueId'), () => HttpResponse.json({ note })),
  );
  return calls;
}
