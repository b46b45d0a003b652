import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ERROR_MESSAGES } from '../../src/domain/errorMessages';
import type { ImportProgress, ImportRowResult, ImportSummary } from '../../src/domain/imports';
import type { InspectedFile, PastImport, RefusedChange } from '../../src/domain/schemas/imports';
import { pinClockAt } from './clock';
import { apiUrl, company, gate, makeUser, signedIn } from './fixtures';
import { pastImport, refusedChangesRoute } from './importFixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { loadBeforeTests, renderRoute } from './renderWithProviders';
import { server } from './server';

loadBeforeTests(() => import('../../src/features/imports/ImportPage'));
pinClockAt('2026-11-12T10:00:00Z');

const manager = makeUser({
  company: { ...company, sources: [...company.sources, { id: 'viator', label: 'Viator' }] },
  language: 'es',
});
const HEADER = ['Booking Ref', 'Lead Traveller', 'Travel Date', 'Start', 'Product', 'Adults'];
const inspected: InspectedFile = {
  encoding: 'utf-8',
  delimiter: 'semicolon',
  columns: HEADER,
  sample: [['V-1', 'José Núñez', '01/12/2026', '10:00', 'Old Town Walk', '2']],
};
const FILE_TEXT = `${HEADER.join(';')}\nV-1;José Núñez;01/12/2026;10:00;Old Town Walk;2\n`;

const created = { row: 2, outcome: 'create', reference: 'V-1', name: 'José Núñez', date: '2026-12-01' } as const;
const rejected = {
  row: 3,
  outcome: 'reject',
  reference: 'V-2',
  name: 'Bo',
  date: '2026-12-02',
  reason: 'Tour: "Canal" is not one of this company\'s tours or their other names (Settings)',
  reasonMessage: {
    field: 'tour',
    message: '"{value}" is not one of this company\'s tours or their other names (Settings)',
    values: { value: 'Canal' },
  },
} as const;
const summary: ImportSummary = {
  rows: 2,
  counts: { create: 1, update: 0, cancel: 0, unchanged: 0, reject: 1 },
  listed: [created, rejected],
  unknownTours: [{ name: 'Canal', rows: 1 }],
};
const lines = (...items: ImportProgress[]) => items.map((item) => `${JSON.stringify(item)}\n`).join('');

const booking = {
  _id: 'b-1',
  bookingId: 'V-1001',
  name: 'Ana Viator',
  source: 'Viator',
  date: '2026-11-12',
  time: '10:00',
  tour: 'Old Town Walk',
};
const refused: RefusedChange[] = [
  {
    _id: '42',
    at: '2026-11-12T09:30:00Z',
    by: 'API key Viator',
    fileName: null,
    booking,
    checkedIn: 3,
    wanted: [{ field: 'Date', from: '2026-11-12', to: '2027-01-15' }],
    code: 'MOVE_CHECKED_IN',
  },
  {
    _id: '41',
    at: '2026-11-11T18:05:00Z',
    by: 'Maria Manager',
    fileName: 'viator-november.csv',
    booking,
    checkedIn: 1,
    wanted: [{ field: 'Cancelled' }],
    code: 'CANCEL_CHECKED_IN',
  },
];

/** The import routes: the preview held until `hold` opens, the import listed under Recent imports once made. */
function serveImports(hold: Promise<void>, apply = () => lines({ type: 'done', summary })) {
  let past: PastImport[] = [
    pastImport({ _id: 'old', fileName: 'octubre.csv', undo: 'changed', changedSince: 2 }),
    pastImport({ _id: 'cut', fileName: 'cortado.csv', status: 'interrupted', undo: 'expired', created: 500 }),
  ];
  server.use(
    http.get(apiUrl('/api/imports/mappings'), () => HttpResponse.json([])),
    refusedChangesRoute(refused),
    http.get(apiUrl('/api/imports'), () => HttpResponse.json(past)),
    http.post(apiUrl('/api/imports/inspect'), () => HttpResponse.json(inspected)),
    http.post(apiUrl('/api/imports/:id/undo'), () => {
      const undone = pastImport({ undo: 'undone', undone: { by: 'Maria Manager', at: '2026-11-12T10:05:00Z' } });
      past = [undone, ...past.slice(1)];
      return HttpResponse.json(undone);
    }),
    http.post(apiUrl('/api/imports/:mode'), ({ params }) => {
      const mode = params.mode as 'preview' | 'apply';
      const [first, ...rest] = (
        mode === 'preview' ? lines({ type: 'progress', rows: 1, bytes: 40 }, { type: 'done', summary }) : apply()
      ).split(/(?<=\n)/);
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(first));
          if (mode === 'preview') await hold;
          for (const line of rest) controller.enqueue(new TextEncoder().encode(line));
          if (mode === 'apply') past = [pastImport(), ...past];
          controller.close();
        },
      });
      return new HttpResponse(stream, { headers: { 'content-type': 'application/x-ndjson' } });
    }),
  );
}

async function chooseFile() {
  const view = renderRoute('/imports', { preloadedState: signedIn(manager) });
  await screen.findByRole('button', { name: 'Elige un archivo CSV' });
  const file = new NodeFile([FILE_TEXT], 'viator.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('Archivo CSV'), { target: { files: [file] } });
  await screen.findByRole('combobox', { name: 'Separador' });
  return view;
}

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
    expect(await screen.findByText('Aún no hay importaciones')).toBeInTheDocument();
    expect(await screen.findByText('Ningún cambio rechazado')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('walks a file through its columns, preview, unknown tours and import in Spanish, then lists and undoes it', async () => {
    const hold = gate();
    serveImports(hold.opened);
    await inSpanish();
    const { user } = await chooseFile();

    // The columns: the file's own names and examples, Tourdesk's fields in Spanish.
    expect(screen.getByRole('heading', { name: 'Columnas' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Origen de las reservas' })).toBeVisible();
    expect(screen.getByText('Cada fila indica su origen')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Separador' })).toHaveTextContent('Punto y coma (;)');
    expect(screen.getByText('En el archivo: 01/12/2026')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Nombre' })).toHaveTextContent('Lead Traveller (p. ej., José Núñez)');
    expect(englishLeft()).toEqual([]);

    // Preview with a column missing: what is still to choose, in Spanish.
    await user.click(screen.getByRole('combobox', { name: 'Nombre' }));
    await user.click(screen.getByRole('option', { name: 'No está en el archivo' }));
    await user.click(screen.getByRole('button', { name: 'Vista previa' }));
    expect(await screen.findByText('Nombre: elige su columna')).toBeVisible();
    expect(screen.getByText('Origen: elige una columna o un origen para todo el archivo')).toBeVisible();
    expect(englishLeft()).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: 'Nombre' }));
    await user.click(screen.getByRole('option', { name: /^Lead Traveller/ }));
    await user.click(screen.getByRole('combobox', { name: 'Origen de las reservas' }));
    await user.click(screen.getByRole('option', { name: 'Viator' }));

    // The preview as it reads the file, then its rows and the tour names no tour has.
    await user.click(screen.getByRole('button', { name: 'Vista previa' }));
    expect(await screen.findByRole('progressbar', { name: 'Progreso de la vista previa' })).toBeVisible();
    expect(await screen.findByText('Leyendo el archivo… 1 fila por ahora')).toBeVisible();
    expect(englishLeft()).toEqual([]);
    hold.open();
    expect(await screen.findByRole('tab', { name: 'Rechazadas (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('columnheader', { name: 'Motivo' })).toBeVisible();
    expect(
      screen.getByRole('cell', {
        name: 'Tour: «Canal» no es ninguno de los tours de esta empresa ni de sus otros nombres (Ajustes)',
      }),
    ).toBeVisible();
    const names = screen.getByRole('region', { name: 'Tours que este archivo llama de otra forma' });
    expect(within(names).getByRole('combobox', { name: 'Tour para Canal' })).toBeInTheDocument();
    expect(within(names).getByRole('link', { name: 'añádelos en Ajustes' })).toHaveAttribute('href', '/settings');
    expect(englishLeft()).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'Por crear (1)' }));
    expect(screen.getByRole('table', { name: 'Por crear' })).toHaveTextContent('José Núñez');
    expect(englishLeft()).toEqual([]);

    // The import, its outcome, and Recent imports with it first.
    await user.click(screen.getByRole('button', { name: 'Importar 1 reserva' }));
    expect(
      await screen.findByText(
        /^1 reserva importada de viator.csv: creadas: 1, actualizadas: 0, canceladas: 0; rechazadas: 1\./,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver el 1/12/2026' })).toHaveAttribute('href', '/bookings/date/2026-12-01');
    const recent = screen.getByRole('region', { name: 'Importaciones recientes' });
    const item = await within(recent).findByText('1 reserva importada de viator.csv por Maria Manager');
    expect(item.closest('li')).toHaveTextContent('Se puede deshacer hasta el 13/11/2026 10:59');
    expect(
      within(recent).getByText('1 reserva importada de octubre.csv por Maria Manager').closest('li'),
    ).toHaveTextContent('Ya no se puede deshacer: 2 de sus reservas se han registrado o cambiado desde entonces');
    expect(
      within(recent).getByText('500 reservas importadas de cortado.csv por Maria Manager').closest('li'),
    ).toHaveTextContent('Se detuvo antes del final del archivo al detenerse el servidor');
    expect(englishLeft()).toEqual([]);

    // The refused changes below, each in Spanish with its fields' names.
    const refusedList = screen.getByRole('region', { name: 'Rechazados por clientes registrados' });
    const [moved, cancelled] = within(refusedList).getAllByRole('listitem');
    expect(moved).toHaveTextContent('Traslado rechazado: Ana Viator');
    expect(moved).toHaveTextContent('Se pidió: Fecha: 2026-11-12 → 2027-01-15 · 3 registrados');
    expect(cancelled).toHaveTextContent('Cancelación rechazada: Ana Viator');
    expect(cancelled).toHaveTextContent('Se pidió: Cancelada · 1 registrado');
    expect(cancelled).toHaveTextContent('Maria Manager, al importar viator-november.csv');
    expect(englishLeft()).toEqual([]);

    // Undone from the list: asked first, then said.
    await user.click(within(recent).getByRole('button', { name: 'Deshacer la importación de viator.csv' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(englishLeft()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Deshacer importación' }));
    expect(await screen.findByText('Se ha deshecho la importación de viator.csv')).toBeVisible();
    await waitFor(() =>
      expect(
        within(recent)
          .getByText(/de viator.csv por Maria Manager$/)
          .closest('li'),
      ).toHaveTextContent('Deshecha (por Maria Manager, el 12/11/2026 11:05)'),
    );
    expect(englishLeft()).toEqual([]);
  });

  it('words every row’s reason in Spanish: the field, the refusal of a booking with check-ins, the changes', async () => {
    const hold = gate();
    hold.open();
    serveImports(hold.opened);
    const row = (n: number, outcome: ImportRowResult['outcome']) =>
      ({ row: n, outcome, reference: `V-${n}`, name: 'Bo', date: '2026-12-02' }) as const;
    const reasons: ImportSummary = {
      rows: 6,
      counts: { create: 0, update: 1, cancel: 0, unchanged: 1, reject: 4 },
      listed: [
        rejected,
        {
          ...row(4, 'reject'),
          reason: 'Date: 3 guests are checked in; a booking with check-ins keeps its date, time and tour',
          reasonMessage: {
            field: 'date',
            message:
              '{checkedIn, plural, one {# guest is checked in} other {# guests are checked in}}; a booking with check-ins keeps its date, time and tour',
            values: { checkedIn: 3 },
          },
        },
        {
          ...row(5, 'reject'),
          reason: 'Over capacity: only 1 seat left on this departure (Old Town Walk at 10:00, 12 seats)',
          reasonMessage: {
            message:
              'Over capacity: {left, plural, =0 {no seats left on this departure} one {only # seat left on this departure} other {only # seats left on this departure}} ({tour} at {time}, {capacity} seats)',
            values: { left: 1, tour: 'Old Town Walk', time: '10:00', capacity: 12 },
          },
        },
        {
          ...row(6, 'reject'),
          reason: 'The same booking as row 2',
          reasonMessage: { message: 'The same booking as row {row}', values: { row: '2' } },
        },
        {
          ...row(7, 'update'),
          reason: 'Adults: 2 → 3; Time: 10:00 → 11:00',
          changes: [
            { field: 'Adults', from: '2', to: '3' },
            { field: 'Time', from: '10:00', to: '11:00' },
          ],
        },
        {
          ...row(8, 'unchanged'),
          reason: 'Already cancelled',
          reasonMessage: { message: 'Already cancelled' },
        },
      ],
      unknownTours: [{ name: 'Canal', rows: 1 }],
    };
    server.use(
      http.post(apiUrl('/api/imports/preview'), () => new HttpResponse(lines({ type: 'done', summary: reasons }))),
    );
    await inSpanish();
    const { user } = await chooseFile();
    await user.click(screen.getByRole('combobox', { name: 'Origen de las reservas' }));
    await user.click(screen.getByRole('option', { name: 'Viator' }));
    await user.click(screen.getByRole('button', { name: 'Vista previa' }));

    const rejectedRows = await screen.findByRole('table', { name: 'Rechazadas' });
    const cells = within(rejectedRows)
      .getAllByRole('row')
      .slice(1)
      .map((tableRow) => within(tableRow).getAllByRole('cell').at(-1)?.textContent);
    expect(cells).toEqual([
      'Tour: «Canal» no es ninguno de los tours de esta empresa ni de sus otros nombres (Ajustes)',
      'Fecha: hay 3 clientes registrados; una reserva con registros conserva su fecha, hora y tour',
      'Sin plazas suficientes: solo queda 1 plaza en esta salida (Old Town Walk a las 10:00, 12 plazas)',
      'La misma reserva que la fila 2',
    ]);
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Por actualizar (1)' }));
    expect(screen.getByRole('columnheader', { name: 'Cambios' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Adultos: 2 → 3; Hora: 10:00 → 11:00' })).toBeVisible();
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Sin cambios (1)' }));
    expect(screen.getByRole('cell', { name: 'Ya cancelada' })).toBeVisible();
    expect(englishLeft()).toEqual([]);
  });

  it('says in Spanish why an import stopped', async () => {
    const hold = gate();
    hold.open();
    serveImports(hold.opened, () =>
      lines({ type: 'progress', rows: 500, bytes: 10 }, { type: 'error', error: 'error del servidor' }),
    );
    await inSpanish();
    const { user } = await chooseFile();
    await user.click(screen.getByRole('combobox', { name: 'Origen de las reservas' }));
    await user.click(screen.getByRole('option', { name: 'Viator' }));
    await user.click(screen.getByRole('button', { name: 'Vista previa' }));
    await user.click(await screen.findByRole('button', { name: 'Importar 1 reserva' }));
    expect(
      await screen.findByText(
        'La importación se ha detenido: error del servidor. Las filas leídas antes de detenerse se han importado: consulta Importaciones recientes.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    expect(englishLeft()).toEqual([]);
  });

  it('words the server’s refusal of a file in Spanish, from its code', async () => {
    const hold = gate();
    hold.open();
    serveImports(hold.opened, () => lines({ type: 'done', summary }));
    server.use(
      http.post(apiUrl('/api/imports/preview'), () =>
        HttpResponse.json({ error: ERROR_MESSAGES.NOT_CSV, code: 'NOT_CSV' }, { status: 400 }),
      ),
    );
    await inSpanish();
    const { user } = await chooseFile();
    await user.click(screen.getByRole('combobox', { name: 'Origen de las reservas' }));
    await user.click(screen.getByRole('option', { name: 'Viator' }));
    await user.click(screen.getByRole('button', { name: 'Vista previa' }));
    expect(await screen.findByText(/Las primeras líneas del archivo no se pueden leer como CSV/)).toBeVisible();
    expect(englishLeft()).toEqual([]);
  });

  it('tells a Guide in Spanish that only Managers import', async () => {
    await inSpanish();
    renderRoute('/imports', { preloadedState: signedIn(makeUser({ role: 'Guide' })) });
    expect(await screen.findByText('Solo los responsables pueden importar reservas.')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});
