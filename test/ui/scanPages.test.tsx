import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { loadBeforeTests, renderRoute } from './renderWithProviders';
import { camera, fakeCamera } from './scanFakes';
import { server } from './server';
import { DAY, makeBooking, serveSlot, SLOT_PATH } from './slotFixtures';

loadBeforeTests(
  () => import('../../src/features/bookings/DailyBookingsPage'),
  () => import('../../src/features/slot/SlotPage'),
  () => import('../../src/features/slot/NearbyToursList'),
  () => import('../../src/components/scan/ScanControls'),
  () => import('../../src/components/scan/ScanDialog'),
);

const guide = () => signedIn(makeUser({ role: 'Guide', assignable: false }));
const serveDay = () =>
  server.use(
    http.get(apiUrl(`/api/bookings/date/${DAY}`), () =>
      HttpResponse.json({ bookings: [makeBooking({ name: 'Ana' })], hiddenSlots: 0 }),
    ),
  );

describe('scanning from the day and slot pages', () => {
  it('gives a Guide a Scan button on the day page that opens the camera and answers each code', async () => {
    fakeCamera();
    serveDay();
    const { user } = renderRoute(`/bookings/date/${DAY}`, { preloadedState: guide() });

    await user.click(await screen.findByRole('button', { name: 'Scan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan a voucher' });
    camera.inView = ['K7XQ9M2P'];
    expect(await within(dialog).findByRole('status', { name: 'No booking has this code' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(camera.track.stop).toHaveBeenCalled();
  });

  it('gives a Manager the Scan button and the scan field on the slot page', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn(makeUser({ company })) });

    expect(await screen.findByRole('button', { name: 'Scan' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Scan or type a code' });
    await user.type(field, 'GYG-55120934{Enter}');
    await waitFor(() => expect(field).toHaveAccessibleDescription('No booking has this code'));
    expect(field).toHaveValue('');
  });

  it('reads in Spanish: the button, the field, the camera view, a result and a refused camera', async () => {
    await inSpanish();
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    fakeCamera({ torch: true });
    const { user, unmount } = renderRoute(SLOT_PATH, { preloadedState: guide() });

    await screen.findByRole('listitem', { name: 'Ana' });
    const field = await screen.findByRole('textbox', { name: 'Escanea o escribe un código' });
    await user.type(field, 'ZZZ{Enter}');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Ninguna reserva tiene este código'));
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Escanear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Escanear un bono' });
    expect(await within(dialog).findByRole('button', { name: 'Linterna' })).toBeInTheDocument();
    expect(within(dialog).getByText('Encuadra el código del bono')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
    camera.inView = ['ZZZ'];
    expect(await within(dialog).findByRole('status', { name: 'Ninguna reserva tiene este código' })).toBeVisible();
    expect(englishLeft()).toEqual([]);
    unmount();

    fakeCamera({ refuse: true });
    const again = renderRoute(SLOT_PATH, { preloadedState: guide() });
    await again.user.click(await screen.findByRole('button', { name: 'Escanear' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('La cámara está bloqueada para Tourdesk.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});
