import { screen, waitFor, within } from '@testing-library/react';
import { signedIn } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { loadBeforeTests, renderRoute } from './renderWithProviders';
import { makeBooking, makeShift, serveSlot, SLOT_PATH } from './slotFixtures';

loadBeforeTests(
  () => import('../../src/features/slot/SlotPage'),
  () => import('../../src/features/slot/NearbyToursList'),
  () => import('../../src/features/slot/AttendanceForm'),
  () => import('../../src/features/slot/guides/SplitDialog'),
  () => import('../../src/components/bookingForm/AddBookingDialog'),
  () => import('../../src/features/slot/EditBookingDialog'),
);

const bookings = () => [
  makeBooking({
    name: 'Ana',
    customers: [{ Adults: 2 }, { Children: 1 }],
    attendees: [{ Adults: 2 }, { Children: 0 }],
    guide: 'Lucia',
  }),
  makeBooking({ name: 'Ben', customers: [{ Adults: 4 }], attendees: [{ Adults: 0 }], phone: null }),
  makeBooking({ name: 'Cancelled Carl', customers: [{ Adults: 9 }], cancelled: true }),
];

describe('the slot page in Spanish', () => {
  it('reads in Spanish: header, counts, search, rows and the check-in form, with nothing left in English', async () => {
    await inSpanish();
    serveSlot({
      shift: makeShift([{ _id: 'guide-1', name: 'Lucia', counts: { Adults: 5, Children: 1 } }]),
      bookings: bookings(),
    });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    expect(await screen.findByText('2/7 clientes registrados')).toBeInTheDocument();
    expect(screen.getByText('Adultos 2 de 6 · Niños 0 de 1')).toBeInTheDocument();
    expect(await screen.findByText('Lucia: 5 adultos, 1 niño')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al día' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir reserva' })).toBeInTheDocument();
    expect(screen.getByText('3 reservas')).toBeInTheDocument();
    const ana = await screen.findByRole('listitem', { name: 'Ana' });
    expect(within(ana).getByText('Registrada en parte')).toBeInTheDocument();
    expect(within(ana).getByText('Guía: Lucia')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await user.click(within(ana).getByRole('button', { name: 'Elegir quién vino' }));
    expect(await within(ana).findByRole('button', { name: 'Registrar' })).toBeInTheDocument();
    expect(within(ana).getByText('Adultos (2 reservados)')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar una reserva' }), 'zzz');
    expect(screen.getByText('0 de 3 reservas coinciden')).toBeInTheDocument();
    expect(screen.getByText('Ninguna reserva coincide con esta búsqueda')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('opens Add booking, Edit booking and Split in Spanish', async () => {
    await inSpanish();
    serveSlot({
      shift: makeShift([{ _id: 'guide-1', name: 'Lucia', counts: { Adults: 5, Children: 1 } }]),
      bookings: bookings(),
    });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'Añadir reserva' }));
    let dialog = await screen.findByRole('dialog', { name: 'Añadir reserva' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Adultos' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Crear' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const ben = await screen.findByRole('listitem', { name: 'Ben' });
    await user.click(within(ben).getByRole('button', { name: 'Editar' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar reserva' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Nombre' }));
    expect(within(dialog).getByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByText('Cancelar reserva')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Lucia's saved 5 + 1 no longer adds up to the slot's 7 guests: Split carries its asterisk.
    await user.click(screen.getByRole('button', { name: 'Repartir*' }));
    dialog = await screen.findByRole('dialog', { name: 'Reparto entre guías' });
    expect(await within(dialog).findByText('7 clientes: Adultos 6, Niños 1')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});
