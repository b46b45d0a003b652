import { eq } from 'drizzle-orm';
import { bookings } from '../../server/db/schema';
import { bearer, type TestApp } from './helpers';

/** A channel's PUT of a booking by its source and reference, with an API key. */
export const putChannelBooking = (t: TestApp, key: string, source: string, ref: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/bookings/${source}/${encodeURIComponent(ref)}`,
    headers: bearer(key),
    payload,
  });

/** A channel's DELETE (cancellation) of a booking by its source and reference. */
export const cancelChannelBooking = (t: TestApp, key: string, source: string, ref: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/bookings/${source}/${encodeURIComponent(ref)}`,
    headers: bearer(key),
  });

/** A booking's row as stored. */
export const bookingRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
