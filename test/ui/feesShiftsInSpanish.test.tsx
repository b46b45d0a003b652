import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FeeRow } from '../../src/domain/reports';
import type { GuideShiftRow } from '../../src/domain/team';
import { pinClockAt } from './clock';
import { recordDownloads, type Download } from './downloads';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { loadBeforeTests, renderRoute } from './renderWithProviders';
import { server } from './server';

const sources = ['Walkin', 'Viator'].map((label) => ({ id: label, label }));
const manager = makeUser({ company: { ...company, sources }, language: 'es' });

const FEES: FeeRow[] = [
  {
    date: '2026-06-08',
    tour: 'Tapas Tour',
    source: 'Viator',
    attendees: [{ Adults: 4 }, { Teens: 1 }, { Children: 2 }],
  },
];
const SHIFT: GuideShiftRow = {
  shiftString: '2026-06-02-10:00-Old Town Walk',
  date: '2026-06-02',
  time: '10:00',
  tour: 'Old Town Walk',
  guide: 'Gabriel Guide',
  attendees: [{ Adults: 3 }, { Teens: 1 }, { Children: 2 }],
  bySource: [{ source: 'Viator', attendees: [{ Adults: 3 }, { Teens: 1 }, { Children: 2 }] }],
};

const headers = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
/** The lines of the `nth` file downloaded (the first by default). */
const csvHead = async (downloads: Download[], nth = 1) => {
  await waitFor(() => expect(downloads).toHaveLength(nth));
  return (await downloads[nth - 1]!.blob.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
};

// 01:30 on 8 June in Madrid.
pinClockAt('2026-06-07T23:30:00Z');

loadBeforeTests(
  () => import('../../src/features/fees/FeesPage'),
  () => import('../../src/features/shifts/ShiftsPage'),
);

describe('Fees in Spanish', () => {
  it('heads the table and the totals in Spanish, the grid speaks Spanish, and the CSV keeps English headers', async () => {
    server.use(http.post(apiUrl('/api/bookings/fees'), () => HttpResponse.json(FEES)));
    const downloads = recordDownloads();
    await inSpanish();
    const { user } = renderRoute('/fees', { preloadedState: signedIn(manager) });

    expect(await screen.findByRole('heading', { name: 'Comisiones' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tipo de cliente' })).toHaveTextContent('Adultos');
    const grid = screen.getByRole('grid', { name: 'Comisiones' });
    await waitFor(() => expect(within(grid).getByText('Tapas Tour')).toBeInTheDocument());
    expect(headers(grid)).toEqual(['Fecha', 'Tour', 'Walkin', 'Viator']);
    expect(screen.getByText('Filas por página:')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totales' });
    expect(totals).toHaveTextContent('Adultos registrados del día, por origen y para todos los orígenes');
    expect(within(totals).getByText('Todos los orígenes')).toBeInTheDocument();
    expect(document.title).toBe('Comisiones · Tourdesk');
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect((await csvHead(downloads))[0]).toBe('Date,Tour,Walkin,Viator');
    // The reader may head the CSV in their own language instead; the device remembers it.
    await user.click(screen.getByRole('combobox', { name: 'Nombres de columna del CSV' }));
    await user.click(await screen.findByRole('option', { name: 'Español' }));
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect((await csvHead(downloads, 2))[0]).toBe('Fecha,Tour,Walkin,Viator');
    expect(localStorage.getItem('tourdesk:csv-header-language')).toBe('es');

    await user.click(screen.getByRole('combobox', { name: 'Tipo de cliente' }));
    await user.click(await screen.findByRole('option', { name: 'Todos los tipos' }));
    await waitFor(() => expect(headers(grid)).toEqual(['Fecha', 'Tour', 'Tipo', 'Walkin', 'Viator']));
    expect(within(grid).getByText('Adolescentes')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('says in Spanish that a day has no checked-in guests, and words the range fields', async () => {
    server.use(http.post(apiUrl('/api/bookings/fees'), () => HttpResponse.json([])));
    await inSpanish();
    const { user } = renderRoute('/fees', { preloadedState: signedIn(manager) });

    expect(await screen.findByText('Ningún cliente registrado este día')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Varios días' }));
    expect(await screen.findByRole('group', { name: 'Desde' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Hasta' })).toBeInTheDocument();
    // The range starts as the day already chosen, so it still reads as one day.
    expect(screen.getByText('Ningún cliente registrado este día')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('words a refusal in Spanish', async () => {
    server.use(http.post(apiUrl('/api/bookings/fees'), () => HttpResponse.json({ error: 'No' }, { status: 403 })));
    await inSpanish();
    renderRoute('/fees', { preloadedState: signedIn(manager) });
    expect(await screen.findByText('No tienes el permiso necesario')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});

describe('Shifts in Spanish', () => {
  it('asks for a guide, then heads the columns in Spanish while the CSV keeps English headers', async () => {
    server.use(
      http.get(apiUrl('/api/user/guides/company'), () => HttpResponse.json([{ _id: 'user-2', name: 'Gabriel Guide' }])),
      http.post(apiUrl('/api/shift/guide-time-range'), () => HttpResponse.json([SHIFT])),
    );
    const downloads = recordDownloads();
    await inSpanish();
    const { user } = renderRoute('/shifts', { preloadedState: signedIn(manager) });

    expect(await screen.findByRole('heading', { name: 'Turnos' })).toBeInTheDocument();
    expect(await screen.findByText('Elige un guía para ver sus turnos')).toBeInTheDocument();
    expect(screen.getByText('Elige de quién mostrar los turnos')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Guía' }));
    await user.click(await screen.findByRole('option', { name: 'Gabriel Guide' }));
    const grid = await screen.findByRole('grid', { name: 'Turnos' });
    await waitFor(() => expect(within(grid).getByText('Old Town Walk')).toBeInTheDocument());
    expect(headers(grid)).toEqual(['Fecha', 'Hora', 'Tour', 'Adultos', 'Adolescentes', 'Niños']);
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect(await csvHead(downloads)).toEqual([
      'Date,Time,Tour,Adults,Teens,Children',
      '2/6/2026,10:00,Old Town Walk,3,1,2',
    ]);
  });
});
