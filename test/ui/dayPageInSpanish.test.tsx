import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Company } from '../../src/domain/company';
import { pinClockAt } from './clock';
import { apiUrl, company, makeUser, noApiKeys, signedIn } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { DAY, makeBooking } from './slotFixtures';

const tours: Company['tours'] = [
  { _id: 't1', id: 'old-town', label: 'Old Town Walk', color: 'pink', flag: 'spain' },
  { _id: 't2', id: 'tapas', label: 'Tapas Tour', color: 'green', flag: 'uk' },
];
const manager = () => signedIn(makeUser({ company: { ...company, tours } }));
const guide = () => signedIn(makeUser({ role: 'Guide', company: { ...company, tours } }));
const serveDay = (day: string, answer: object) =>
  server.use(http.get(apiUrl(`/api/bookings/date/${day}`), () => HttpResponse.json(answer)));

// 08:00 in Madrid on Saturday 21 November 2026.
pinClockAt('2026-11-21T07:00:00Z');

describe('the day page in Spanish', () => {
  it('reads its date, slot cards, counts and calendar in Spanish', async () => {
    serveDay(DAY, {
      bookings: [
        makeBooking({ time: '10:30', tour: 'Old Town Walk', pax: 3, attendees: [{ Adults: 2 }] }),
        makeBooking({ time: '12:00', tour: 'Tapas Tour', pax: 28 }),
      ],
      departures: [{ time: '12:00', tour: 'Tapas Tour', capacity: 25 }],
      hiddenSlots: 0,
    });
    await inSpanish();
    const { user } = renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });

    const cards = within(await screen.findByRole('list', { name: 'Salidas' })).getAllByRole('link');
    expect(screen.getByRole('heading', { level: 1, name: 'Reservas' })).toBeInTheDocument();
    expect(screen.getByText('Sábado, 21 de noviembre de 2026')).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('3 pax');
    expect(cards[0]).toHaveTextContent('2 registrados');
    expect(within(cards[0]!).getByRole('img', { name: 'Español' })).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('28 / 25 pax');
    expect(cards[1]).toHaveTextContent('Plazas superadas');
    expect(within(cards[1]!).getByRole('img', { name: 'Inglés' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir reserva' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Reservas ${DAY} · Tourdesk`));
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Elige una fecha, 21/11/2026' }));
    const calendar = await screen.findByRole('dialog', { name: 'Elige una fecha' });
    expect(within(calendar).getByText(/noviembre/i)).toBeInTheDocument();
    expect(within(calendar).getByRole('button', { name: 'Mes siguiente' })).toBeInTheDocument();
    expect(within(calendar).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('says an empty day, a failed load and a day that is not a date in Spanish', async () => {
    serveDay(DAY, { bookings: [], hiddenSlots: 0 });
    await inSpanish();
    const { unmount } = renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });
    expect(await screen.findByText('No hay reservas este día')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
    unmount();

    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(apiUrl(`/api/bookings/date/${DAY}`), () =>
        HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    const failed = renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });
    expect(await screen.findByText('Las reservas no están disponibles ahora mismo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
    failed.unmount();
    jest.restoreAllMocks();

    renderRoute('/bookings/date/2026-02-30', { preloadedState: manager() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.getByText('«2026-02-30» no es una fecha.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a las reservas de hoy' })).toHaveAttribute('href', '/');
    expect(englishLeft()).toEqual([]);
  });

  it('tells a Guide in Spanish how many slots only Managers see and when the next one opens', async () => {
    serveDay(DAY, {
      bookings: [makeBooking({ time: '08:30', tour: 'Old Town Walk' })],
      hiddenSlots: 2,
      nextOpening: { day: '2026-11-22', time: '10:00', tour: 'Tapas Tour', opensAt: '2026-11-22T08:00:00.000Z' },
    });
    await inSpanish();
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: guide() });
    expect(await screen.findByText('2 salidas más que solo ven los Responsables')).toBeInTheDocument();
    expect(
      await screen.findByText('La salida de mañana de las 10:00 de Tapas Tour se abre a los guías mañana a las 09:00.'),
    ).toBeVisible();
    expect(englishLeft()).toEqual([]);
  });

  it("says a Guide's day without tours in Spanish", async () => {
    serveDay(DAY, { bookings: [], hiddenSlots: 0 });
    await inSpanish();
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: signedIn(makeUser({ role: 'Guide' })) });
    expect(await screen.findByText('Aún no hay tours.')).toBeInTheDocument();
    expect(screen.getByText('Un Responsable añade los tours de la empresa y sus horarios.')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});

describe("a new company's setup in Spanish", () => {
  beforeEach(() => localStorage.removeItem('tourdesk:setup:company-1'));

  it('lists the first steps and the zone from the browser in Spanish', async () => {
    server.use(
      noApiKeys(),
      http.get(apiUrl(`/api/bookings/date/${DAY}`), () => HttpResponse.json({ bookings: [], hiddenSlots: 0 })),
      http.get(apiUrl('/api/company/:companyId/timetable'), () =>
        HttpResponse.json({ departures: [], exceptions: [] }),
      ),
      http.get(apiUrl('/api/user/guides/company'), () => HttpResponse.json([{ _id: 'u0', name: 'Member 0' }])),
    );
    await inSpanish();
    const fresh = { ...company, timezone: 'Europe/Madrid', timezoneGuessed: true, tours: [] };
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: signedIn(makeUser({ company: fresh })) });

    const setup = await screen.findByRole('region', { name: 'Prepara Tourdesk' });
    expect(setup).toHaveTextContent('Zona horaria: Europe/Madrid (la de este navegador).');
    expect(within(setup).getByRole('button', { name: 'Confirmar Europe/Madrid' })).toBeInTheDocument();
    expect(within(setup).getByRole('link', { name: 'Invita a un guía' })).toHaveAttribute('href', '/guides');
    expect(within(setup).getAllByTitle('Por hacer').length).toBeGreaterThan(0);
    expect(await screen.findByRole('link', { name: 'Añade tours y sus horarios en Ajustes' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});
