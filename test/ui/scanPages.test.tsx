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

/** The lookup as the server answers it: `answer` per code, 404 for any other. */
function serveLookup(answer: Record<string, () => Response> = {}) {
  const asked: string[] = [];
  server.use(
    http.get(apiUrl('/api/bookings/lookup'), ({ request }) => {
      const code = new URL(request.url).searchParams.get('code') ?? '';
      asked.push(code);
      return answer[code]?.() ?? HttpResponse.json({ error: 'Booking not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
  return asked;
}
const [, , , slotDay, slotTime, slotTour] = SLOT_PATH.split('/');
const here = { day: slotDay!, time: slotTime!, tour: decodeURIComponent(slotTour!) };
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
    serveLookup();
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
    serveLookup();
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
    serveLookup();
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

  it('finds the party of this slot, flashes it first, and says when it is checked in or booked elsewhere', async () => {
    const zoe = makeBooking({ _id: 'b-zoe', name: 'Zoe', customers: [{ Adults: 3 }, { Children: 1 }] });
    const ben = makeBooking({ _id: 'b-ben', name: 'Ben', customers: [{ Adults: 2 }], attendees: [{ Adults: 2 }] });
    serveSlot({ bookings: [makeBooking({ name: 'Carla' }), zoe, ben] });
    const elsewhere = { day: '2026-06-09', time: '16:00', tour: 'Tapas Tour' };
    const asked = serveLookup({
      K7XQ9M2P: () => HttpResponse.json({ booking: zoe, slot: here }),
      'GYG-1': () => HttpResponse.json({ booking: ben, slot: here }),
      'GYG-2': () => HttpResponse.json({ booking: { ...zoe, name: 'Dora' }, slot: elsewhere }),
      'GYG-3': () =>
        HttpResponse.json({ error: 'Only Managers can see these tours', code: 'SLOT_HIDDEN' }, { status: 403 }),
    });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: guide() });
    const field = await screen.findByRole('textbox', { name: 'Scan or type a code' });
    const says = (text: string) => waitFor(() => expect(field).toHaveAccessibleDescription(text));

    await user.type(field, ' K7XQ9M2P {Enter}');
    await says('Zoe: 4 guests');
    expect(asked).toEqual(['K7XQ9M2P']);
    // Last by name, the scanned party comes first, marked.
    const first = () => within(screen.getByRole('list', { name: 'Bookings' })).getAllByRole('listitem')[0]!;
    await waitFor(() => expect(first()).toHaveAccessibleName('Zoe'));
    expect(within(first()).getByText('Scanned')).toBeInTheDocument();

    await user.type(field, 'GYG-1{Enter}');
    await says('Ben: already checked in');
    await user.type(field, 'GYG-3{Enter}');
    await says('Only Managers can see these tours');
    await user.type(field, 'GYG-2{Enter}');
    await says('Dora: 4 guests');
    await user.click(screen.getByRole('button', { name: 'Open its slot' }));
    await waitFor(() => expect(document.title).toBe('Tapas Tour 16:00 · Tourdesk'));
  });
});
