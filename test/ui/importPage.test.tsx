import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { IMPORT_FIELDS, type ImportProgress, type ImportSummary } from '../../src/domain/imports';
import type { ImportMapping, InspectedFile, PastImport } from '../../src/domain/schemas/imports';
import { pinClockAt } from './clock';
import { apiUrl, company, gate, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { pastImport, refusedChangesRoute } from './importFixtures';
import { server } from './server';
import { theme } from '../../src/app/theme';

pinClockAt('2026-11-12T10:00:00Z');

const manager = makeUser({ company: { ...company, sources: [...company.sources, { id: 'viator', label: 'Viator' }] } });
const HEADER = ['Booking Ref', 'Lead Traveller', 'Travel Date', 'Start', 'Product', 'Adults'];
const inspected: InspectedFile = {
  encoding: 'utf-8',
  delimiter: 'semicolon',
  columns: HEADER,
  sample: [['V-1', 'José Núñez', '01/12/2026', '10:00', 'Old Town Walk', '2']],
};
const viatorMapping: ImportMapping = {
  source: 'Viator',
  dateFormat: 'dd/MM/yyyy',
  delimiter: 'semicolon',
  columns: {
    reference: 'Booking Ref',
    name: 'Lead Traveller',
    date: 'Travel Date',
    time: 'Start',
    tour: 'Product',
    adults: 'Adults',
  },
};
const FILE_TEXT = `${HEADER.join(';')}\nV-1;José Núñez;01/12/2026;10:00;Old Town Walk;2\n`;

const summary = (
  counts: Partial<ImportSummary['counts']>,
  listed: ImportSummary['listed'] = [],
  unknownTours: ImportSummary['unknownTours'] = [],
): ImportSummary => ({
  rows: 2,
  counts: { create: 0, update: 0, cancel: 0, unchanged: 0, reject: 0, ...counts },
  listed,
  unknownTours,
});
const lines = (...items: ImportProgress[]) => items.map((item) => `${JSON.stringify(item)}\n`).join('');

/**
 * The import routes; `answers` gives each mode's streamed lines, held until `hold` opens when given. As the server
 * does, a preview or an import remembers the mapping it was sent, the latest first.
 */
function serveImports(
  answers: Record<'preview' | 'apply', () => string>,
  options: { hold?: Promise<void>; mappings?: ImportMapping[] } = {},
) {
  const sent: Array<{ path: string; query: Record<string, string>; body: string }> = [];
  let past: PastImport[] = [];
  let mappings = options.mappings ?? [viatorMapping];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    sent.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), body: await request.text() });
  };
  const remember = (query: URLSearchParams) => {
    const columns = Object.fromEntries(
      IMPORT_FIELDS.flatMap((field) => (query.has(field) ? [[field, HEADER[Number(query.get(field))]]] : [])),
    );
    const source = query.get('fixedSource') ?? '';
    const dateFormat = query.get('dateFormat') as ImportMapping['dateFormat'];
    const mapping: ImportMapping = { source, header: HEADER, columns, dateFormat, delimiter: 'semicolon' };
    mappings = [mapping, ...mappings.filter((m) => m.source !== source)];
  };
  server.use(
    http.get(apiUrl('/api/imports/mappings'), () => HttpResponse.json(mappings)),
    refusedChangesRoute(),
    http.get(apiUrl('/api/imports'), () => HttpResponse.json(past)),
    http.post(apiUrl('/api/imports/inspect'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(inspected);
    }),
    http.post(apiUrl('/api/imports/:mode'), async ({ request, params }) => {
      await record(request);
      const mode = params.mode as 'preview' | 'apply';
      remember(new URL(request.url).searchParams);
      const [first, ...rest] = answers[mode]().split(/(?<=\n)/);
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(first));
          if (options.hold) await options.hold;
          for (const line of rest) controller.enqueue(new TextEncoder().encode(line));
          if (mode === 'apply') past = [pastImport()];
          controller.close();
        },
      });
      return new HttpResponse(stream, { headers: { 'content-type': 'application/x-ndjson' } });
    }),
  );
  return sent;
}

async function chooseFile(who = manager) {
  const view = renderRoute('/imports', { preloadedState: signedIn(who) });
  await screen.findByRole('button', { name: 'Choose a CSV file' });
  // Node's File: jsdom's Blob is not one fetch can send.
  const file = new NodeFile([FILE_TEXT], 'viator.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
  await screen.findByRole('combobox', { name: 'Delimiter' });
  return view;
}

describe('the import page', () => {
  it('fills the columns from the mapping remembered for the file, previews with progress, then imports and lists it', async () => {
    const hold = gate();
    const rejected = {
      row: 3,
      outcome: 'reject' as const,
      reference: 'V-2',
      name: 'Bo',
      date: '31/02/2026',
      reason: 'Date: "31/02/2026" is not a date as dd/MM/yyyy',
    };
    // The preview's row as the server sends it now, with its reason as a message too; the import's, as before.
    const worded = {
      ...rejected,
      reasonMessage: {
        field: 'date' as const,
        message: '"{value}" is not a date as {format}',
        values: { value: '31/02/2026', format: 'dd/MM/yyyy' },
      },
    };
    const sent = serveImports(
      {
        preview: () =>
          lines(
            { type: 'progress', rows: 1, bytes: 40 },
            {
              type: 'done',
              summary: summary({ create: 1, reject: 1 }, [
                { row: 2, outcome: 'create', reference: 'V-1', name: 'José Núñez', date: '2026-12-01' },
                worded,
              ]),
            },
          ),
        apply: () =>
          lines({
            type: 'done',
            summary: summary({ create: 1, reject: 1 }, [
              { row: 2, outcome: 'create', reference: 'V-1', name: 'José Núñez', date: '2026-12-01' },
              rejected,
            ]),
          }),
      },
      { hold: hold.opened },
    );
    const { user } = await chooseFile();
    expect(screen.getByRole('combobox', { name: 'Source of the bookings' })).toHaveTextContent('Viator');
    expect(screen.getByRole('combobox', { name: 'Name' })).toHaveTextContent('Lead Traveller (e.g. José Núñez)');
    expect(screen.getByRole('combobox', { name: 'Date format' })).toHaveTextContent('dd/MM/yyyy');
    expect(sent[0]).toEqual({ path: '/api/imports/inspect', query: {}, body: FILE_TEXT });

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('progressbar', { name: 'Preview progress' })).toBeVisible();
    expect(await screen.findByText('Reading the file… 1 rows so far')).toBeVisible();
    hold.open();
    expect(await screen.findByRole('tab', { name: 'Rejected (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('cell', { name: 'Date: "31/02/2026" is not a date as dd/MM/yyyy' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'To create (1)' }));
    const created = within(screen.getByRole('table', { name: 'To create' })).getByRole('row', { name: /V-1/ });
    expect(
      within(created)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'V-1', 'José Núñez', '1/12/2026', '']);
    expect(sent[1]).toEqual({
      path: '/api/imports/preview',
      query: {
        fileName: 'viator.csv',
        encoding: 'utf-8',
        delimiter: 'semicolon',
        dateFormat: 'dd/MM/yyyy',
        fixedSource: 'Viator',
        reference: '0',
        name: '1',
        date: '2',
        time: '3',
        tour: '4',
        adults: '5',
      },
      body: FILE_TEXT,
    });

    await user.click(screen.getByRole('button', { name: 'Import 1 booking' }));
    expect(
      await screen.findByText(/1 bookings imported from viator.csv: 1 created, 0 updated, 0 cancelled; 1 rejected/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See 1/12/2026' })).toHaveAttribute('href', '/bookings/date/2026-12-01');
    // An answer with the English reason only (an older server) shows it as it is.
    expect(screen.getByRole('cell', { name: 'Date: "31/02/2026" is not a date as dd/MM/yyyy' })).toBeVisible();
    const recent = screen.getByRole('region', { name: 'Recent imports' });
    expect(await within(recent).findByText('1 bookings imported from viator.csv by Maria Manager')).toBeVisible();
    expect(
      within(recent).getByText(/^12\/11\/2026 10:59 · 1 created, 0 updated, 0 cancelled, 1 rejected/),
    ).toBeVisible();
    expect(sent.map((s) => s.path)).toEqual(['/api/imports/inspect', '/api/imports/preview', '/api/imports/apply']);
  });

  it('keeps the columns chosen for a file once previewed, and opens the same kind of file with them', async () => {
    const sent = serveImports(
      { preview: () => lines({ type: 'done', summary: summary({ create: 1 }) }), apply: () => '' },
      { mappings: [] },
    );
    const { user } = await chooseFile();
    expect(screen.getByText('Each row names its source')).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Source of the bookings' }));
    await user.click(screen.getByRole('option', { name: 'Viator' }));
    await user.click(screen.getByRole('combobox', { name: 'Date format' }));
    await user.click(screen.getByRole('option', { name: /^MM\/dd\/yyyy/ }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('button', { name: 'Import 1 booking' })).toBeVisible();

    fireEvent.change(screen.getByLabelText('CSV file'), {
      target: { files: [new NodeFile([FILE_TEXT], 'viator-december.csv', { type: 'text/csv' })] },
    });
    await waitFor(() => expect(sent.filter((request) => request.path === '/api/imports/inspect')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: "Reading the file's columns" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('combobox', { name: 'Source of the bookings' })).toHaveTextContent('Viator');
    expect(screen.getByRole('combobox', { name: 'Date format' })).toHaveTextContent('MM/dd/yyyy');
    expect(screen.getByRole('combobox', { name: 'Name' })).toHaveTextContent('Lead Traveller');
  });

  it('titles the page above its sections, and the sections above their parts', async () => {
    serveImports({
      preview: () => lines({ type: 'done', summary: summary({ reject: 1 }, [], [{ name: 'Canal', rows: 1 }]) }),
      apply: () => '',
    });
    const { user } = await chooseFile();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Tours this file names differently' });
    expect(screen.getAllByRole('heading').map((h) => [h.tagName, h.textContent])).toEqual([
      ['H1', 'Import bookings'],
      ['H2', 'Import a file'],
      ['H3', 'Columns'],
      ['H3', 'Tours this file names differently'],
      ['H2', 'Recent imports'],
      ['H2', 'Refused: guests checked in'],
    ]);
    const size = (variant: 'h1' | 'h2' | 'h3' | 'body1') => parseFloat(String(theme.typography[variant].fontSize));
    expect(size('h1')).toBeGreaterThan(size('h2'));
    expect(size('h2')).toBeGreaterThan(size('h3'));
    expect(size('h3')).toBeGreaterThan(size('body1'));
  });

  it('names the columns still to choose instead of previewing', async () => {
    const sent = serveImports({ preview: () => '', apply: () => '' }, { mappings: [] });
    const { user } = await chooseFile();
    await user.click(screen.getByRole('combobox', { name: 'Name' }));
    await user.click(screen.getByRole('option', { name: 'Not in the file' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Name: choose its column')).toBeVisible();
    expect(screen.getByText('Source: choose a column or one source for the file')).toBeVisible();
    expect(sent.map((s) => s.path)).toEqual(['/api/imports/inspect']);
  });

  it('says why an import stopped, and that rows before it may be in', async () => {
    serveImports({
      preview: () => lines({ type: 'done', summary: summary({ create: 1 }) }),
      apply: () =>
        lines(
          { type: 'progress', rows: 500, bytes: 10 },
          { type: 'error', error: 'The import stopped: an error on the server' },
        ),
    });
    const { user } = await chooseFile();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 booking' }));
    const alert = await screen.findByText(/^Import stopped: The import stopped: an error on the server\./);
    expect(alert).toHaveTextContent('Rows read before it stopped were imported: see Recent imports.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  describe('a tour name the file uses and no tour has', () => {
    const canal = { _id: 'tour-1', id: 'canal', label: 'Canal Cruise', color: 'blue', flag: 'none' } as const;
    const withTour = makeUser({ company: { ...manager.company, tours: [{ ...canal, aliases: ['Canal tour'] }] } });
    const unknown = { name: 'Amsterdam: Canal Cruise', rows: 3 };
    const section = () => screen.findByRole('region', { name: 'Tours this file names differently' });

    /** The first preview rejects the rows naming `unknown`; the next reads them all. */
    function serveTwoPreviews() {
      let previews = 0;
      return serveImports({
        preview: () =>
          lines({
            type: 'done',
            summary: previews++ === 0 ? summary({ reject: 3 }, [], [unknown]) : summary({ create: 3 }),
          }),
        apply: () => '',
      });
    }
    async function chooseTour() {
      const { user } = await chooseFile(withTour);
      await user.click(screen.getByRole('button', { name: 'Preview' }));
      const names = await section();
      expect(within(names).getByText(unknown.name).closest('tr')).toHaveTextContent(`${unknown.name}3`);
      await user.click(within(names).getByRole('combobox', { name: `Tour for ${unknown.name}` }));
      await user.click(screen.getByRole('option', { name: 'Canal Cruise' }));
    }

    it("becomes the chosen tour's other name, and the file is read again", async () => {
      const sent = serveTwoPreviews();
      const patches: unknown[] = [];
      server.use(
        http.patch(apiUrl('/api/company/:companyId/tours/:tourId'), async ({ request, params }) => {
          const body = (await request.json()) as { addAlias: string };
          patches.push({ tour: params.tourId, body });
          return HttpResponse.json({
            ...withTour.company,
            tours: [{ ...canal, aliases: ['Canal tour', body.addAlias] }],
          });
        }),
      );
      await chooseTour();
      expect(await screen.findByRole('button', { name: 'Import 3 bookings' })).toBeVisible();
      // One name added: the server adds it to the names the tour has then, whatever this page's copy says.
      expect(patches).toEqual([{ tour: 'tour-1', body: { addAlias: unknown.name } }]);
      expect(sent.filter((request) => request.path === '/api/imports/preview')).toHaveLength(2);
      expect(screen.queryByRole('region', { name: 'Tours this file names differently' })).not.toBeInTheDocument();
    });

    it('comes before the Import button, so its rows can be brought in first', async () => {
      serveImports({
        preview: () => lines({ type: 'done', summary: summary({ create: 2, reject: 3 }, [], [unknown]) }),
        apply: () => '',
      });
      const { user } = await chooseFile(withTour);
      await user.click(screen.getByRole('button', { name: 'Preview' }));
      const names = await section();
      const importButton = screen.getByRole('button', { name: 'Import 2 bookings' });
      expect(names.compareDocumentPosition(importButton) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('leads to Settings when the company has no tour to choose', async () => {
      serveImports({
        preview: () => lines({ type: 'done', summary: summary({ reject: 3 }, [], [unknown]) }),
        apply: () => '',
      });
      const { user } = await chooseFile();
      await user.click(screen.getByRole('button', { name: 'Preview' }));
      const names = await section();
      expect(within(names).getByRole('combobox', { name: `Tour for ${unknown.name}` })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      expect(within(names).getByRole('link', { name: 'add them in Settings' })).toHaveAttribute('href', '/settings');
    });

    it('says why when the name is refused, and reads nothing again', async () => {
      const sent = serveTwoPreviews();
      const refusal = 'aliases: "Amsterdam: Canal Cruise" is already another name of Tapas Tour';
      server.use(
        http.patch(apiUrl('/api/company/:companyId/tours/:tourId'), () =>
          HttpResponse.json({ error: refusal, code: 'NAME_TAKEN' }, { status: 400 }),
        ),
      );
      await chooseTour();
      expect(await within(await section()).findByText(refusal)).toBeVisible();
      expect(sent.filter((request) => request.path === '/api/imports/preview')).toHaveLength(1);
    });
  });

  it('tells a Guide that imports are for Managers', async () => {
    renderRoute('/imports', { preloadedState: signedIn(makeUser({ role: 'Guide' })) });
    expect(await screen.findByText('Only Managers can import bookings.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Choose a CSV file' })).not.toBeInTheDocument());
  });
});
