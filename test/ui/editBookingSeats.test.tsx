import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AuthUser } from '../../src/domain/auth';
import EditBookingDialog from '../../src/features/slot/EditBookingDialog';
import { apiUrl, makeUser, signedIn } from './fixtures';
import { renderWithProviders } from './renderWithProviders';
import { server } from './server';
import { makeBooking } from './slotFixtures';

const booking = makeBooking({ customers: [{ Adults: 2 }], pax: 2 });
const slot = { day: booking.date, time: booking.time, tour: booking.tour };

/** The first edit is refused for seats (1 left), the next is saved; answers the bodies sent. */
function refuseThenSave() {
  const sent: Array<Record<string, unknown>> = [];
  server.use(
    http.patch(apiUrl('/api/bookings/edit/:id'), async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      if (sent.length === 1) {
        return HttpResponse.json(
          {
            error: 'Only 1 seat left on this departure',
            code: 'OVER_CAPACITY',
            details: { seatsLeft: 1, capacity: 20 },
          },
          { status: 409 },
        );
      }
      return HttpResponse.json({ ...booking, customers: [{ Adults: 4 }], pax: 4, version: 2 });
    }),
  );
  return sent;
}

async function addTwoAdults(user: AuthUser) {
  const onClose = jest.fn();
  const view = renderWithProviders(<EditBookingDialog open onClose={onClose} booking={booking} slot={slot} />, {
    preloadedState: signedIn(user),
  });
  await view.user.clear(screen.getByLabelText('Adults'));
  await view.user.type(screen.getByLabelText('Adults'), '4');
  await view.user.click(screen.getByRole('button', { name: 'Save' }));
  return { ...view, onClose };
}

describe('Edit booking over capacity', () => {
  it('words the refusal and lets a Manager save anyway, sent as allowOverCapacity', async () => {
    const sent = refuseThenSave();
    const { user, onClose } = await addTwoAdults(makeUser());
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 seat left on this departure.');
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.map((body) => body.allowOverCapacity)).toEqual([undefined, true]);
  });

  it('words the refusal to a Guide without "Save anyway"', async () => {
    refuseThenSave();
    await addTwoAdults(makeUser({ role: 'Guide', assignable: false }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 seat left on this departure.');
    expect(screen.queryByRole('button', { name: 'Save anyway' })).not.toBeInTheDocument();
  });
});
