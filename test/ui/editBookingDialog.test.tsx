import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking, EditBookingBody } from '../../src/domain/booking';
import type { AuthUser } from '../../src/domain/auth';
import EditBookingDialog from '../../src/features/slot/EditBookingDialog';
import { apiUrl, company, gate, makeUser, signedIn } from './fixtures';
import { renderWithProviders } from './renderWithProviders';
import { server } from './server';

const slot = { day: '2025-06-14', time: '10:00', tour: 'Old Town Walk' };

const manager = makeUser({
  company: {
    ...company,
    tours: [
      { _id: 'tour-1', id: 'old-town', label: 'Old Town Walk', color: 'blue', flag: 'uk' },
      { _id: 'tour-2', id: 'tapas', label: 'Tapas Tour', color: 'pink', flag: 'spain' },
    ],
    sources: [
      { id: 'Walkin', label: 'Walkin' },
      { id: 'Viator', label: 'Viator' },
    ],
  },
});

function makeBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    _id: 'booking-1',
    bookingId: 'VIA123456789',
    name: 'Ana García',
    company: 'company-1',
    customers: [{ Adults: 2 }, { Children: 1 }],
    attendees: [{ Adults: 0 }, { Children: 0 }],
    pax: 3,
    date: '2025-06-14',
    time: '10:00',
    tour: 'Old Town Walk',
    source: 'Viator',
    phone: '+34 600 123 456',
    cancelled: false,
    manual: false,
    modifiedBy: null,
    differences: null,
    guide: null,
    createdAt: '2025-06-01T09:00:00.000Z',
    version: 4,
    ...overrides,
  };
}

function renderDialog(booking = makeBooking(), user: AuthUser = manager) {
  const onClose = jest.fn();
  const view = renderWithProviders(<EditBookingDialog open onClose={onClose} booking={booking} slot={slot} />, {
    preloadedState: signedIn(user),
  });
  return { ...view, onClose, save: () => screen.getByRole('button', { name: 'Save' }) };
}

/** Records the edit request and answers it as the server would. */
function acceptEdit() {
  const requests: Array<{ id: string | readonly string[] | undefined; body: unknown }> = [];
  server.use(
    http.patch(apiUrl('/api/bookings/edit/:id'), async ({ request, params }) => {
      requests.push({ id: params.id, body: await request.json() });
      return HttpResponse.json(makeBooking({ version: 5 }));
    }),
  );
  return requests;
}

describe('edit booking dialog', () => {
  it('keeps Save disabled until something changes', async () => {
    const { user, save } = renderDialog();
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText('Name'), 'x');
    expect(save()).toBeEnabled();
    await user.type(screen.getByLabelText('Name'), '{Backspace}');
    expect(save()).toBeDisabled();
  });

  it('offers Adults, Teens and Children for every booking and refuses counts outside 0 to 15', async () => {
    const { user, save } = renderDialog();
    expect(screen.getByLabelText('Teens')).toHaveValue(0);
    expect(screen.getByLabelText('Teens')).toHaveAccessibleDescription('0 to 15');
    const adults = screen.getByLabelText('Adults');

    for (const bad of ['16', '-1', '1.5']) {
      await user.clear(adults);
      await user.type(adults, bad);
      expect(save()).toBeDisabled();
      expect(screen.getByText('Adults must be a whole number from 0 to 15')).toBeInTheDocument();
    }
    await user.clear(adults);
    await user.type(adults, '15');
    expect(save()).toBeEnabled();
  });

  it('lets only manually added bookings change source', async () => {
    const first = renderDialog();
    expect(screen.getByRole('combobox', { name: /Source/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Only manually added bookings can change source')).toBeInTheDocument();
    first.unmount();

    const { user } = renderDialog(makeBooking({ bookingId: 'Manually added', manual: true, source: 'Walkin' }));
    const source = screen.getByRole('combobox', { name: /Source/ });
    expect(source).not.toHaveAttribute('aria-disabled');
    await user.click(source);
    await user.click(await screen.findByRole('option', { name: 'Viator' }));
    expect(screen.getByRole('combobox', { name: /Source/ })).toHaveTextContent('Viator');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('has no phone field when the company does not show phones to the role', () => {
    const guide = makeUser({ role: 'Guide', company: { ...manager.company, showPhoneToGuides: false } });
    const { phone: _omitted, ...withoutPhone } = makeBooking();
    renderDialog(withoutPhone, guide);
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.queryByLabelText('Phone')).not.toBeInTheDocument();
  });

  it('has no phone field for a Manager when the company hides phones from Managers', () => {
    renderDialog(makeBooking(), makeUser({ company: { ...manager.company, showPhoneToManagers: false } }));
    expect(screen.queryByLabelText('Phone')).not.toBeInTheDocument();
  });

  it("says 'A valid value is required' for an invalid phone and disables Save", async () => {
    const { user, save } = renderDialog();
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, 'call me');
    expect(screen.getByText('A valid value is required')).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await user.clear(phone);
    expect(screen.queryByText('A valid value is required')).not.toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it('sends the version, the changed counts and the pax, then closes', async () => {
    const requests = acceptEdit();
    const { user, save, onClose } = renderDialog();
    const children = screen.getByLabelText('Children');
    await user.clear(children);
    await user.type(children, '3');
    await user.click(save());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toHaveLength(1);
    expect(requests[0]!.id).toBe('booking-1');
    expect(requests[0]!.body).toEqual({
      bookingAfterEditServer: {
        name: 'Ana García',
        customers: [{ Adults: 2 }, { Teens: 0 }, { Children: 3 }],
        pax: 5,
        time: '10:00',
        tour: 'Old Town Walk',
        source: 'Viator',
        date: '2025-06-14',
        cancelled: false,
        phone: '+34 600 123 456',
        differences: 'Children: 1 → 3',
      },
      _id: 'booking-1',
      version: 4,
    });
  });

  it('disables Save while the edit is sent', async () => {
    const response = gate();
    let sent = false;
    server.use(
      http.patch(apiUrl('/api/bookings/edit/:id'), async () => {
        sent = true;
        await response.opened;
        return HttpResponse.json(makeBooking({ name: 'Ana G.', version: 5 }));
      }),
    );
    const { user, save, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(save());
    await waitFor(() => expect(sent).toBe(true));
    expect(save()).toBeDisabled();
    response.open();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends a new tour and time', async () => {
    const requests = acceptEdit();
    const { user, save, onClose } = renderDialog();
    await user.click(screen.getByRole('combobox', { name: /Tour/ }));
    await user.click(await screen.findByRole('option', { name: 'Tapas Tour' }));
    const time = screen.getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '19:30');
    await user.click(save());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]!.body).toMatchObject({ bookingAfterEditServer: { tour: 'Tapas Tour', time: '19:30' } });
  });

  it('shows the date as d/M/yyyy', () => {
    renderDialog();
    expect(screen.getByRole('group', { name: 'Date' })).toHaveTextContent('14/6/2025');
  });

  it('sends a date picked in the d/M/yyyy field as yyyy-MM-dd', async () => {
    const requests = acceptEdit();
    const { user, save, onClose } = renderDialog();
    const date = screen.getByRole('group', { name: 'Date' });
    await user.click(within(date).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('{ArrowUp}');
    expect(date).toHaveTextContent('15/6/2025');
    await user.click(save());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]!.body).toMatchObject({
      bookingAfterEditServer: { date: '2025-06-15', differences: 'Date: 2025-06-14 → 2025-06-15' },
    });
  });

  it('shows a stale-booking conflict and reloads the form from the current booking', async () => {
    const current = makeBooking({ name: 'Ana García López', version: 6 });
    server.use(
      http.patch(apiUrl('/api/bookings/edit/:id'), () =>
        HttpResponse.json(
          { error: 'Someone else changed this booking. Reload it and try again.', code: 'STALE_BOOKING', current },
          { status: 409 },
        ),
      ),
    );
    const { user, save, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(save());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this booking');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Ana García López');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('says how to write the time before sending one the server would refuse', async () => {
    const { user, save } = renderDialog();
    const time = screen.getByLabelText('Time');
    expect(time).toHaveAccessibleDescription('HH:mm, e.g. 09:30');
    await user.clear(time);
    await user.type(time, '9.30');
    expect(time).toHaveAccessibleDescription('Enter the time as HH:mm, e.g. 09:30');
    expect(save()).toBeDisabled();
  });

  it('changes "5 adults" into "4 adults + 1 child"', async () => {
    const requests = acceptEdit();
    const { user, save, onClose } = renderDialog(makeBooking({ customers: [{ Adults: 5 }], pax: 5 }));
    await user.clear(screen.getByLabelText('Adults'));
    await user.type(screen.getByLabelText('Adults'), '4');
    await user.clear(screen.getByLabelText('Children'));
    await user.type(screen.getByLabelText('Children'), '1');
    await user.click(save());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((requests[0]!.body as EditBookingBody).bookingAfterEditServer).toMatchObject({
      customers: [{ Adults: 4 }, { Teens: 0 }, { Children: 1 }],
      pax: 5,
      differences: 'Adults: 5 → 4; Children: 0 → 1',
    });
  });

  it('sends cancelled: true when Cancel Booking is Yes', async () => {
    const requests = acceptEdit();
    const { user, save, onClose } = renderDialog();
    const cancel = screen.getByRole('radiogroup', { name: 'Cancel Booking' });
    expect(within(cancel).getByRole('radio', { name: 'No' })).toBeChecked();
    await user.click(within(cancel).getByRole('radio', { name: 'Yes' }));
    expect(screen.getByText('Saving cancels this booking. Cancelling cannot be undone.')).toBeInTheDocument();
    await user.click(save());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]!.body).toMatchObject({
      bookingAfterEditServer: { cancelled: true, differences: 'Cancelled' },
      version: 4,
    });
  });

  it('is read-only once the booking is cancelled', () => {
    renderDialog(makeBooking({ cancelled: true }));
    expect(screen.getByText(/Cancelling cannot be undone/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Adults')).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'No' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
