import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReportRow } from '../../src/domain/reports';
import { pinClockAt } from './clock';
import { recordDownloads } from './downloads';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { loadBeforeTests, renderRoute } from './renderWithProviders';
import { server } from './server';

const tour = (label: string) => ({ _id: label, id: label, label, color: 'blue' as const, flag: 'none' as const });
const manager = makeUser({
  company: {
    ...company,
    sources: ['Walkin', 'Viator'].map((label) => ({ id: label, label })),
    tours: [tour('Old Town Walk')],
  },
  language: 'es',
});
const ROW: ReportRow = {
  _id: 'b1',
  bookingId: 'GYG-123',
  reference: 'ABCD2345',
  name: 'Ana Pérez',
  source: 'Viator',
  tour: 'Old Town Walk',
  date: '2026-06-07',
  time: '10:30',
  createdAt: '2026-06-01T08:15:00.000Z',
  pax: 5,
  cancelled: true,
  customers: [{ Adults: 3 }, { Children: 2 }],
  attendees: [{ Adults: 1 }, { Children: 2 }],
};

pinClockAt('2026-06-08T10:00:00Z');
loadBeforeTests(() => import('../../src/features/reports/ReportsPage'));

const headers = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((h) => h.textContent)
    .filter((text) => text !== '');

async function pickAll(user: ReturnType<typeof renderRoute>['user'], label: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: 'Seleccionar todo' }));
  await user.keyboard('{Escape}');
}

describe('No Shows in Spanish', () => {
  it('reads in Spanish before, during and after a report, its grid included', async () => {
    server.use(
      http.get(apiUrl('/api/bookings/reports/:field/:start/:end/:sources/:tours'), () =>
        HttpResponse.json({ rows: [ROW], total: 1, page: 0, pageSize: 25, noShowTotals: [{ Adults: 2 }] }),
      ),
    );
    await inSpanish();
    const { user } = renderRoute('/reports', { preloadedState: signedIn(manager) });

    expect(await screen.findByRole('heading', { name: 'No presentados' })).toBeInTheDocument();
    expect(screen.getByText('Elige orígenes, tours y fechas, y luego Generar')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Generar' }));
    expect(await screen.findByText('Hay que seleccionar origen y tour')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await pickAll(user, 'Orígenes');
    await pickAll(user, 'Tours');
    expect(screen.getByRole('combobox', { name: 'Orígenes' })).toHaveTextContent('Todos (2)');
    await user.click(screen.getByRole('button', { name: 'Generar' }));
    const grid = screen.getByRole('grid', { name: 'Informe' });
    await waitFor(() => expect(within(grid).getByText('Ana Pérez')).toBeInTheDocument());
    expect(headers(grid)).toEqual([
      'No presentados',
      'ID',
      'Origen',
      'Nombre',
      'Tour',
      'Hora',
      'Adultos no presentados',
      'Adolescentes no presentados',
      'Niños no presentados',
      'Fecha del tour',
      'Referencia',
    ]);
    expect(screen.getByRole('region', { name: 'Totales de no presentados' })).toHaveTextContent('Adultos');
    expect(screen.getByText('Filas por página:')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Tipo de informe' }));
    await user.click(await screen.findByRole('option', { name: 'Reservas por fecha de reserva' }));
    expect(await screen.findByText('Los filtros han cambiado: pulsa Generar para ver su informe')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(within(grid).getByText('Sí')).toBeInTheDocument());
    expect(headers(grid)).toContain('Reservada el');
    expect(englishLeft()).toEqual([]);
  });

  it('downloads the CSV headed in English unless the reader chooses Spanish', async () => {
    const searches: string[] = [];
    server.use(
      http.get(apiUrl('/api/bookings/reports/:field/:start/:end/:sources/:tours'), ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('format') !== 'csv') {
          return HttpResponse.json({ rows: [ROW], total: 1, page: 0, pageSize: 25, noShowTotals: [{ Adults: 2 }] });
        }
        searches.push(url.search);
        return new HttpResponse('\uFEFFID\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    recordDownloads();
    await inSpanish();
    const { user } = renderRoute('/reports', { preloadedState: signedIn(manager) });
    await pickAll(user, 'Orígenes');
    await pickAll(user, 'Tours');
    await user.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeEnabled());

    expect(screen.getByRole('combobox', { name: 'Nombres de columna del CSV' })).toHaveTextContent('English');
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(searches).toEqual(['?format=csv&type=checkinStatus']));

    await user.click(screen.getByRole('combobox', { name: 'Nombres de columna del CSV' }));
    await user.click(await screen.findByRole('option', { name: 'Español' }));
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(searches[1]).toBe('?format=csv&type=checkinStatus&headerLanguage=es'));
    expect(englishLeft()).toEqual([]);
  });
});
