import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import type { Company } from '../../src/domain/company';
import type { ApiKey } from '../../src/domain/schemas/apiKeys';
import type { Timetable } from '../../src/domain/timetable';
import { ApiKeysSection } from '../../src/features/settings/ApiKeysSection';
import { TimetableSection } from '../../src/features/settings/TimetableSection';
import { pinClockAt } from './clock';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { loadBeforeTests, renderWithProviders } from './renderWithProviders';
import { server } from './server';

// 11:00 on 12 Nov 2026 in Madrid, the fixtures' company's zone.
pinClockAt('2026-11-12T10:00:00Z');

loadBeforeTests(
  () => import('../../src/features/settings/NewApiKeyDialog'),
  () => import('../../src/features/settings/PickKeySourcesDialog'),
  () => import('../../src/features/settings/RevokeApiKeyDialog'),
);

const setUp: Company = {
  ...company,
  tours: [
    { _id: 'tour-1', id: 'old-town', label: 'Old Town Walk', color: 'blue', flag: 'uk', archived: false },
    { _id: 'tour-2', id: 'tapas', label: 'Tapas Tour', color: 'pink', flag: 'spain', archived: false },
  ],
  sources: [
    { id: 'walkin', label: 'Walkin' },
    { id: 'viator', label: 'Viator' },
    { id: 'website', label: 'Website' },
  ],
};
const manager = makeUser({ company: setUp, language: 'es' });

// Each section alone, as the English tests render them: the page around them is Settings part 1's.
const renderTimetable = () =>
  renderWithProviders(<TimetableSection company={setUp} />, { preloadedState: signedIn(manager) });
const renderKeys = () =>
  renderWithProviders(
    <MemoryRouter>
      <ApiKeysSection company={setUp} />
    </MemoryRouter>,
    { preloadedState: signedIn(manager) },
  );

const stored: Timetable = {
  departures: [
    { tourId: 'tour-1', weekdays: [1, 3, 5], time: '10:00', validFrom: '2026-01-01', validUntil: null, capacity: 20 },
  ],
  exceptions: [{ tourId: 'tour-2', date: '2026-12-24', time: '19:30', kind: 'extra', capacity: 12 }],
};

describe('the timetable in Spanish', () => {
  it('reads in Spanish: a departure, its weekdays, a one-day change and what is wrong with a new departure', async () => {
    server.use(http.get(apiUrl('/api/company/:companyId/timetable'), () => HttpResponse.json(stored)));
    await inSpanish();
    const { user } = renderTimetable();

    const section = await screen.findByRole('region', { name: 'Horario' });
    // The section is there while the timetable loads; its parts come with it.
    expect(await within(section).findByRole('heading', { name: 'Salidas semanales' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Cambios puntuales' })).toBeInTheDocument();
    const departure = await within(section).findByRole('listitem', { name: 'Old Town Walk a las 10:00' });
    const days = within(departure).getByRole('group', { name: 'Días de la semana' });
    expect(
      within(days)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']);
    expect(within(days).getByRole('button', { name: 'Mié' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(days).getByRole('button', { name: 'Jue' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(departure).getByRole('spinbutton', { name: 'Plazas' })).toHaveValue(20);
    expect(within(departure).getByText('Vacío: sin límite')).toBeInTheDocument();
    expect(within(departure).getByText('Vacío: sin fin')).toBeInTheDocument();
    expect(within(departure).getByRole('button', { name: 'Quitar' })).toBeInTheDocument();

    const change = within(section).getByRole('listitem', { name: 'Tapas Tour el 24/12/2026 a las 19:30' });
    expect(within(change).getByRole('combobox', { name: 'Cambio' })).toHaveTextContent('Salida extra ese día');
    expect(englishLeft()).toEqual([]);

    await user.click(within(change).getByRole('combobox', { name: 'Cambio' }));
    const options = await screen.findByRole('listbox');
    expect(
      within(options)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cancelada ese día', 'Salida extra ese día']);
    expect(englishLeft()).toEqual([]);
    await user.click(within(options).getByRole('option', { name: 'Cancelada ese día' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(within(change).getByRole('combobox', { name: 'Cambio' })).toHaveTextContent('Cancelada ese día');
    expect(within(change).queryByRole('spinbutton', { name: 'Plazas' })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Añadir una salida' }));
    const added = within(section).getAllByRole('listitem')[1]!;
    expect(within(added).getByText('Elige al menos un día de la semana')).toBeInTheDocument();
    expect(within(added).getByRole('group', { name: 'Días de la semana' })).toHaveAccessibleDescription(
      'Elige al menos un día de la semana',
    );
    expect(within(section).getByRole('button', { name: 'Guardar horario' })).toBeDisabled();
    expect(englishLeft()).toEqual([]);
  });

  it('says in Spanish that it could not be loaded', async () => {
    server.use(http.get(apiUrl('/api/company/:companyId/timetable'), () => HttpResponse.json({}, { status: 500 })));
    await inSpanish();
    renderTimetable();
    expect(await screen.findByText('No se ha podido cargar el horario')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('asks for a tour first, in Spanish', async () => {
    server.use(http.get(apiUrl('/api/company/:companyId/timetable'), () => HttpResponse.json(stored)));
    await inSpanish();
    const noTours = { ...setUp, tours: [] };
    renderWithProviders(<TimetableSection company={noTours} />, {
      preloadedState: signedIn(makeUser({ company: noTours, language: 'es' })),
    });
    expect(
      await screen.findByText('Añade primero un tour arriba y después los días y horas en que sale.'),
    ).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});

const SECRET = 'tdk_9c0d1e2f_s3cr3t-s3cr3t-s3cr3t';
const website: ApiKey = {
  _id: 'key-1',
  name: 'Website',
  prefix: 'tdk_3f9a1b2c',
  createdAt: '2026-11-11T23:30:00Z',
  createdBy: 'Marta',
  lastUsedAt: '2026-11-12T09:02:00Z',
  revokedAt: null,
  sources: ['Website'],
};
const oldChannelManager: ApiKey = {
  _id: 'key-0',
  name: 'Old channel manager',
  prefix: 'tdk_77aa00bb',
  createdAt: '2026-03-01T10:00:00Z',
  createdBy: null,
  lastUsedAt: '2026-05-20T08:00:00Z',
  revokedAt: '2026-06-01T10:00:00Z',
  sources: ['Viator'],
};
const bookingEngine: ApiKey = {
  _id: 'key-3',
  name: 'Booking engine',
  prefix: 'tdk_5e5e5e5e',
  createdAt: '2026-09-03T10:00:00Z',
  createdBy: 'Marta',
  lastUsedAt: null,
  revokedAt: null,
  sources: [],
};

function serveKeys(initial: ApiKey[]) {
  let keys = [...initial];
  server.use(
    http.get(apiUrl('/api/company/api-keys'), () => HttpResponse.json(keys)),
    http.post(apiUrl('/api/company/api-keys'), async ({ request }) => {
      const { name, sources } = (await request.json()) as { name: string; sources: string[] };
      if (name === 'Website')
        return HttpResponse.json(
          { error: 'name: an API key named Website already exists', code: 'NAME_TAKEN' },
          { status: 409 },
        );
      const key: ApiKey = { ...bookingEngine, _id: 'key-2', name, sources, createdAt: new Date().toISOString() };
      keys = [key, ...keys];
      return HttpResponse.json({ key, secret: SECRET }, { status: 201 });
    }),
    http.patch(apiUrl('/api/company/api-keys/:id'), async ({ request, params }) => {
      const { sources } = (await request.json()) as { sources: string[] };
      keys = keys.map((k) => (k._id === params.id ? { ...k, sources } : k));
      return HttpResponse.json(keys.find((k) => k._id === params.id));
    }),
    http.delete(apiUrl('/api/company/api-keys/:id'), ({ params }) => {
      keys = keys.map((k) => (k._id === params.id ? { ...k, revokedAt: new Date().toISOString() } : k));
      return HttpResponse.json(keys.find((k) => k._id === params.id));
    }),
  );
}

describe('the channel API keys in Spanish', () => {
  it('lists the keys in Spanish, picks the sources of an old key, and revokes one', async () => {
    serveKeys([bookingEngine, website, oldChannelManager]);
    await inSpanish();
    const { user } = renderKeys();

    const keys = await screen.findByRole('region', { name: 'Claves de API de los canales' });
    expect(
      within(keys).getByRole('link', { name: 'la documentación de la API (se abre en una pestaña nueva)' }),
    ).toHaveAttribute('href', '/api/docs');
    expect(within(keys).getByRole('link', { name: 'Importar reservas' })).toHaveAttribute('href', '/imports');
    const site = await within(keys).findByRole('listitem', { name: 'Website' });
    expect(within(site).getByText('Orígenes: Website')).toBeInTheDocument();
    expect(within(site).getByText('Creada el 12 nov 2026 por Marta')).toBeInTheDocument();
    expect(within(site).getByText('Último uso hoy a las 10:02')).toBeInTheDocument();
    const old = within(keys).getByRole('listitem', { name: 'Old channel manager' });
    expect(within(old).getByText('Revocada')).toBeInTheDocument();
    expect(within(old).getByText('Creada el 1 mar 2026')).toBeInTheDocument();
    expect(within(old).getByText('Último uso el 20 may 2026 a las 10:00')).toBeInTheDocument();
    const engine = within(keys).getByRole('listitem', { name: 'Booking engine' });
    expect(within(engine).getByText('Aún sin orígenes: la clave se rechaza hasta que los elijas')).toBeInTheDocument();
    expect(within(engine).getByText('Sin usar')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await user.click(within(engine).getByRole('button', { name: 'Elegir orígenes para la clave Booking engine' }));
    const pick = await screen.findByRole('dialog', { name: 'Orígenes de Booking engine' });
    await user.click(within(pick).getByRole('button', { name: 'Guardar orígenes' }));
    expect(within(pick).getByRole('group', { name: 'Orígenes' })).toHaveAccessibleDescription(
      'Elige al menos un origen',
    );
    expect(within(pick).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
    await user.click(within(pick).getByRole('checkbox', { name: 'Viator' }));
    await user.click(within(pick).getByRole('button', { name: 'Guardar orígenes' }));
    expect(await screen.findByText('Booking engine accede a Viator')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await user.click(within(site).getByRole('button', { name: 'Revocar la clave Website' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Revocar Website?' });
    expect(confirm).toHaveTextContent('Los canales que la usan dejan de funcionar al momento.');
    expect(englishLeft()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText('Website revocada')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('makes a key in Spanish: its sources, a name refused, and its secret shown once', async () => {
    serveKeys([]);
    await inSpanish();
    const { user } = renderKeys();

    const keys = await screen.findByRole('region', { name: 'Claves de API de los canales' });
    expect(await within(keys).findByText('Aún no hay claves de API')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await user.click(within(keys).getByRole('button', { name: 'Nueva clave de API' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva clave de API' });
    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    const sources = within(dialog).getByRole('group', { name: 'Orígenes' });
    expect(name).toHaveAccessibleDescription('Dónde se usa la clave, p. ej. Web o Channel manager');
    expect(sources).toHaveAccessibleDescription('La clave solo lee y escribe las reservas de estos orígenes');
    expect(englishLeft()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Crear clave' }));
    expect(name).toHaveAccessibleDescription('El nombre es obligatorio');
    expect(sources).toHaveAccessibleDescription('Elige al menos un origen');
    expect(englishLeft()).toEqual([]);

    await user.type(name, 'Website');
    await user.click(within(sources).getByRole('checkbox', { name: 'Website' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear clave' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Ya existe una clave de API llamada Website'));
    expect(englishLeft()).toEqual([]);

    await user.clear(name);
    await user.type(name, 'Booking engine');
    await user.click(within(dialog).getByRole('button', { name: 'Crear clave' }));
    const shown = await screen.findByRole('dialog', { name: 'Clave de API Booking engine creada' });
    expect(within(shown).getByRole('textbox', { name: 'Clave de API' })).toHaveValue(SECRET);
    expect(
      within(shown).getByText(
        'Esta clave solo se muestra ahora. Guárdala en los ajustes del canal; si se pierde, revócala y crea una nueva.',
      ),
    ).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Not allowed'));
    await user.click(within(shown).getByRole('button', { name: 'Copiar' }));
    expect(await within(shown).findByRole('status')).toHaveTextContent(
      'No se ha podido copiar al portapapeles: selecciona la clave y cópiala a mano.',
    );
    expect(englishLeft()).toEqual([]);
    await user.click(within(shown).getByRole('button', { name: 'Hecho' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(keys).findByRole('listitem', { name: 'Booking engine' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('says in Spanish that a key no longer exists', async () => {
    serveKeys([website]);
    server.use(
      http.delete(apiUrl('/api/company/api-keys/:id'), () =>
        HttpResponse.json({ error: 'No such API key', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    await inSpanish();
    const { user } = renderKeys();
    const site = await screen.findByRole('listitem', { name: 'Website' });
    await user.click(within(site).getByRole('button', { name: 'Revocar la clave Website' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Revocar Website?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    expect(await within(confirm).findByText('Esa clave de API no existe')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('says in Spanish that the keys could not be loaded', async () => {
    server.use(http.get(apiUrl('/api/company/api-keys'), () => HttpResponse.json({}, { status: 500 })));
    await inSpanish();
    renderKeys();
    expect(await screen.findByText('No se han podido cargar las claves de API')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});
