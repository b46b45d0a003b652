import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore, type AppStore } from '../../src/app/store';
import type { AddBookingBody, Booking, EditBookingBody } from '../../src/domain/booking';
import { nextDay, previousDay } from '../../src/domain/slotRules';
import { feesApi } from '../../src/features/fees/feesApi';
import { reportsApi, type ReportPageArgs } from '../../src/features/reports/reportsApi';
import { slotApi } from '../../src/features/slot/slotApi';
import { addBookingApi } from '../../src/services/addBookingApi';
import { apiUrl, signedIn } from './fixtures';
import { server } from './server';
import { DAY, makeBooking, TIME, TOUR } from './slotFixtures';

const slot = { day: DAY, time: TIME, tour: TOUR };
const report: ReportPageArgs = {
  type: 'reservationDate',
  startDate: DAY,
  endDate: DAY,
  sources: [],
  tours: [],
  onlyNoShows: false,
  page: 0,
  pageSize: 25,
  run: 1,
};

/** Serves the day's fees and a report page, counting the fetches; every booking call answers `booking`. */
function serveDay(booking: Booking) {
  const fetches = { fees: 0, report: 0 };
  server.use(
    http.post(apiUrl('/api/bookings/fees'), () => {
      fetches.fees += 1;
      return HttpResponse.json([]);
    }),
    http.get(apiUrl('/api/bookings/reports/*'), () => {
      fetches.report += 1;
      return HttpResponse.json({ rows: [], total: 0 });
    }),
    http.patch(apiUrl('/api/bookings/:id'), () => HttpResponse.json(booking)),
    http.patch(apiUrl('/api/bookings/edit/:id'), () => HttpResponse.json(booking)),
    http.post(apiUrl('/api/bookings/add-booking'), () => HttpResponse.json(booking)),
  );
  return fetches;
}

/** A store whose fees (of a range of days around the day) and report are shown, as on the Fees and Reports pages. */
async function watchingDay(store: AppStore, fetches: { fees: number; report: number }) {
  store.dispatch(feesApi.endpoints.getFees.initiate({ from: previousDay(DAY), to: nextDay(DAY) }));
  store.dispatch(reportsApi.endpoints.getReport.initiate(report));
  await waitFor(() => expect(fetches).toEqual({ fees: 1, report: 1 }));
}

describe("a booking's change refreshes its day's fees and the reports", () => {
  const booking = makeBooking({ customers: [{ Adults: 2 }], attendees: [{ Adults: 2 }] });

  const newBooking: AddBookingBody = { name: 'Ana', customers: [{ Adults: 2 }], date: DAY, time: TIME, tour: TOUR };
  const edit: EditBookingBody = {
    bookingAfterEditServer: {
      name: 'Ana',
      customers: [{ Adults: 3 }],
      date: DAY,
      time: TIME,
      tour: TOUR,
      cancelled: false,
    },
    version: booking.version,
  };
  const changes: Array<[string, (store: AppStore) => Promise<unknown>]> = [
    [
      'a check-in',
      (store) =>
        store
          .dispatch(
            slotApi.endpoints.sendCheckIn.initiate({
              id: 'operation-1',
              userId: 'u1',
              bookingId: booking._id,
              slot,
              attendees: [{ Adults: 2 }],
              base: booking.attendees,
              madeAt: new Date().toISOString(),
              seq: 1,
              state: 'waiting',
            }),
          )
          .unwrap(),
    ],
    [
      'an edit',
      (store) =>
        store
          .dispatch(slotApi.endpoints.editBooking.initiate({ ...slot, bookingId: booking._id, body: edit }))
          .unwrap(),
    ],
    [
      'a new booking',
      (store) => store.dispatch(addBookingApi.endpoints.addBooking.initiate({ ...slot, body: newBooking })).unwrap(),
    ],
  ];

  it.each(changes)('%s fetches them again', async (_change, change) => {
    const fetches = serveDay(booking);
    const store = makeStore(signedIn());
    await watchingDay(store, fetches);

    await change(store);

    await waitFor(() => expect(fetches).toEqual({ fees: 2, report: 2 }));
  });
});
