import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Company } from '../../src/domain/company';
import { apiUrl, company, makeUser, quietSettingsSections, signedIn } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { renderRoute } from './renderWithProviders';
import { server } from './server';

const withCatalog: Company = {
  ...company,
  tours: [
    {
      _id: 'tour-1',
      id: 'canal',
      label: 'Canal Cruise',
      color: 'blue',
      flag: 'none',
      aliases: ['Amsterdam: 75-Minute Canal Cruise', 'Canal tour'],
    },
    { _id: 'tour-2', id: 'tapas', label: 'Tapas Tour', color: 'pink', flag: 'spain', archived: true, aliases: [] },
  ],
  sources: [
    { _id: 'source-1', id: 'walkin', label: 'Walkin' },
    { _id: 'source-2', id: 'viator', label: 'Viator' },
  ],
};

/** PATCH /api/company/:companyId answers the company with the changes laid over it. */
function serveSettings() {
  const bodies: unknown[] = [];
  server.use(
    http.patch(apiUrl('/api/company/:companyId'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json({ ...withCatalog, ...body });
    }),
  );
  return bodies;
}

const renderSettings = (changes: Partial<Company> = {}) =>
  renderRoute('/settings', {
    preloadedState: signedIn(makeUser({ company: { ...withCatalog, ...changes }, language: 'es' })),
  });
const section = (name: string) => screen.findByRole('region', { name });

describe('Settings in Spanish', () => {
  // The page's timetable and API key sections read them (their own test files test them).
  beforeEach(() => server.use(...quietSettingsSections()));

  it('shows the company form in Spanish, with its rules, the window, the language of new members and a save', async () => {
    const bodies = serveSettings();
    await inSpanish();
    const { user } = renderSettings();

    expect(await screen.findByRole('heading', { level: 1, name: 'Ajustes' })).toBeVisible();
    expect(document.title).toBe('Ajustes · Tourdesk');
    const form = await section('Empresa');
    expect(within(form).getByRole('textbox', { name: 'Nombre de la empresa' })).toHaveValue(company.name);
    const zone = within(form).getByRole('combobox', { name: 'Zona horaria' });
    expect(within(form).getByRole('button', { name: 'Abrir' })).toBeVisible();
    expect(
      within(form).getByText('Los días y horas de los tours, el margen de los guías y el bloqueo van en esta zona.'),
    ).toBeVisible();
    expect(
      within(form).getByText(
        'Los guías ven una salida desde 60 minutos antes hasta 60 minutos después de que empiece.',
      ),
    ).toBeVisible();
    expect(within(form).getByRole('switch', { name: 'Los guías ven los teléfonos' })).not.toBeChecked();
    expect(within(form).getByText('Los teléfonos no se muestran a los guías.')).toBeVisible();
    expect(within(form).getByRole('switch', { name: 'Turnos por origen' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Guardar ajustes' })).toBeDisabled();
    // The language of new members is named in itself: "English" reads as English is meant to.
    const language = within(form).getByRole('combobox', { name: 'Idioma predeterminado de los miembros nuevos' });
    expect(language).toHaveTextContent('English');
    expect(englishLeft()).toEqual([]);

    await user.clear(zone);
    await user.type(zone, 'zzz');
    expect(await screen.findByText('Ninguna zona horaria coincide')).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Cerrar' })).toBeVisible();
    expect(englishLeft()).toEqual([]);
    await user.keyboard('{Escape}');

    await user.click(language);
    const options = await screen.findByRole('listbox');
    expect(
      within(options)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Español']);
    expect(englishLeft()).toEqual([]);
    await user.click(within(options).getByRole('option', { name: 'Español' }));

    await user.click(within(form).getByRole('switch', { name: 'Los guías ven los teléfonos' }));
    expect(within(form).getByText('Los guías pueden llamar a un cliente que llega tarde.')).toBeVisible();
    const before = within(form).getByRole('spinbutton', { name: 'Margen antes del inicio (minutos)' });
    await user.clear(before);
    await user.type(before, '1');
    expect(
      within(form).getByText('Los guías ven una salida desde 1 minuto antes hasta 60 minutos después de que empiece.'),
    ).toBeVisible();
    expect(englishLeft()).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Guardar ajustes' }));
    expect(await screen.findByText('Ajustes guardados')).toBeVisible();
    expect(bodies).toEqual([{ beforeTime: 1, showPhoneToGuides: true, defaultLanguage: 'es' }]);
    expect(englishLeft()).toEqual([]);
  });

  it('says in Spanish what is wrong with a field, and that the settings were not saved', async () => {
    server.use(http.patch(apiUrl('/api/company/:companyId'), () => new HttpResponse(null, { status: 500 })));
    await inSpanish();
    const { user } = renderSettings();

    const form = await section('Empresa');
    const after = within(form).getByRole('spinbutton', { name: 'Margen después del inicio (minutos)' });
    await user.clear(after);
    expect(within(form).getByText('Minutos enteros de 0 a 1440')).toBeVisible();
    const name = within(form).getByRole('textbox', { name: 'Nombre de la empresa' });
    await user.clear(name);
    expect(within(form).getByText('Escribe el nombre de la empresa')).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Guardar ajustes' })).toBeDisabled();
    expect(englishLeft()).toEqual([]);

    await user.type(after, '90');
    await user.type(name, 'Paseos de Lisboa');
    await user.click(within(form).getByRole('button', { name: 'Guardar ajustes' }));
    expect(await within(form).findByText('Los ajustes no se han guardado. Inténtalo de nuevo.')).toBeVisible();
    expect(englishLeft()).toEqual([]);
  });

  it('keeps tours and sources in Spanish: archived, other names, renaming, moving and adding', async () => {
    server.use(
      http.patch(apiUrl('/api/company/:companyId/:plural/:ref'), () => new HttpResponse(null, { status: 500 })),
    );
    await inSpanish();
    const { user } = renderSettings();

    const tours = await section('Tours');
    expect(
      within(tours).getByText(/^Al renombrar, todas las reservas, notas, turnos e informes pasan al nuevo nombre\./),
    ).toBeVisible();
    const canal = within(tours).getByRole('listitem', { name: 'Canal Cruise' });
    expect(within(canal).getByText('También: Amsterdam: 75-Minute Canal Cruise · Canal tour')).toBeVisible();
    expect(within(canal).getByRole('button', { name: 'Subir Canal Cruise' })).toBeDisabled();
    expect(within(canal).getByRole('button', { name: 'Bajar Canal Cruise' })).toBeEnabled();
    expect(within(canal).getByRole('button', { name: 'Archivar' })).toBeVisible();
    const tapas = within(tours).getByRole('listitem', { name: 'Tapas Tour' });
    expect(within(tapas).getByText('Tapas Tour (archivado)')).toBeVisible();
    expect(within(tapas).getByRole('button', { name: 'Restaurar' })).toBeVisible();
    expect(within(tours).getByRole('textbox', { name: 'Nuevo tour' })).toBeVisible();
    expect(within(tours).getByRole('button', { name: 'Añadir' })).toBeDisabled();

    const sources = await section('Orígenes');
    expect(
      within(sources).getByText(
        'De dónde vienen las reservas. Walkin es el origen predeterminado de una reserva nueva y siempre se queda.',
      ),
    ).toBeVisible();
    const walkin = within(sources).getByRole('listitem', { name: 'Walkin' });
    expect(within(walkin).queryByRole('button', { name: 'Renombrar' })).not.toBeInTheDocument();
    expect(within(sources).getByRole('textbox', { name: 'Nuevo origen' })).toBeVisible();
    expect(englishLeft()).toEqual([]);

    await user.click(within(canal).getByRole('button', { name: 'Renombrar' }));
    const newName = within(canal).getByRole('textbox', { name: 'Nuevo nombre de Canal Cruise' });
    expect(within(canal).getByRole('button', { name: 'Guardar nombre' })).toBeVisible();
    expect(within(canal).getByRole('button', { name: 'Cancelar' })).toBeVisible();
    expect(englishLeft()).toEqual([]);

    await user.clear(newName);
    await user.type(newName, 'Canal Cruise Deluxe');
    await user.click(within(canal).getByRole('button', { name: 'Guardar nombre' }));
    expect(await within(tours).findByText('El cambio no se ha guardado. Inténtalo de nuevo.')).toBeVisible();
    expect(englishLeft()).toEqual([]);
  });

  it("edits a tour's other names in Spanish, and says in Spanish when there are too many", async () => {
    await inSpanish();
    const { user } = renderSettings();

    const canal = within(await section('Tours')).getByRole('listitem', { name: 'Canal Cruise' });
    await user.click(within(canal).getByRole('button', { name: 'Otros nombres' }));
    const names = within(canal).getByRole('textbox', { name: 'Otros nombres de Canal Cruise' });
    expect(
      within(canal).getByText('Uno por línea, tal como los archivos y las llamadas de los canales llaman a este tour'),
    ).toBeVisible();
    expect(within(canal).getByRole('button', { name: 'Guardar' })).toBeEnabled();
    expect(within(canal).getByRole('button', { name: 'Cancelar' })).toBeVisible();
    expect(englishLeft()).toEqual([]);

    await user.clear(names);
    await user.click(names);
    await user.paste(Array.from({ length: 21 }, (_, i) => `Name ${i + 1}`).join('\n'));
    expect(within(canal).getByText('Como máximo 20 otros nombres')).toBeVisible();
    expect(within(canal).getByRole('button', { name: 'Guardar' })).toBeDisabled();
    expect(englishLeft()).toEqual([]);

    await user.clear(names);
    await user.click(names);
    await user.paste('x'.repeat(121));
    await waitFor(() => expect(within(canal).getByText('Como máximo 120 caracteres por nombre')).toBeVisible());
    expect(englishLeft()).toEqual([]);
  });

  it('shows a company with no tours yet, and a Guide, in Spanish', async () => {
    await inSpanish();
    const manager = renderSettings({ tours: [] });
    expect(within(await section('Tours')).getByText('Todavía no hay tours: añade el primero.')).toBeVisible();
    expect(englishLeft()).toEqual([]);
    manager.unmount();

    renderRoute('/settings', { preloadedState: signedIn(makeUser({ role: 'Guide', language: 'es' })) });
    expect(await screen.findByText('Solo los responsables pueden cambiar los ajustes de la empresa.')).toBeVisible();
    expect(englishLeft()).toEqual([]);
  });
});
