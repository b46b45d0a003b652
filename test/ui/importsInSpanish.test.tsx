import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, makeUser, signedIn } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { loadBeforeTests, renderRoute } from './renderWithProviders';
import { server } from './server';

loadBeforeTests(() => import('../../src/features/imports/ImportPage'));

describe('Import bookings in Spanish', () => {
  it('reads in Spanish for a Manager', async () => {
    server.use(
      http.get(apiUrl('/api/imports/mappings'), () => HttpResponse.json([])),
      http.get(apiUrl('/api/imports'), () => HttpResponse.json([])),
      http.get(apiUrl('/api/imports/refused-changes'), () => HttpResponse.json([])),
    );
    await inSpanish();
    renderRoute('/imports', { preloadedState: signedIn() });

    expect(await screen.findByRole('heading', { name: 'Importar reservas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elige un archivo CSV' })).toBeInTheDocument();
    expect(screen.getByLabelText('Archivo CSV')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('tells a Guide in Spanish that only Managers import', async () => {
    await inSpanish();
    renderRoute('/imports', { preloadedState: signedIn(makeUser({ role: 'Guide' })) });
    expect(await screen.findByText('Solo los responsables pueden importar reservas.')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});
