import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ImportSummary } from '../../src/domain/imports';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { refusedChangesRoute } from './importFixtures';
import { server } from './server';

const manager = makeUser({ company: { ...company, sources: [...company.sources, { id: 'viator', label: 'Viator' }] } });
/** Named as the page guesses every column from. */
const HEADER = ['Booking ID', 'Name', 'Date', 'Time', 'Tour', 'Adults'];
const summary: ImportSummary = {
  rows: 1,
  counts: { create: 1, update: 0, cancel: 0, unchanged: 0, reject: 0 },
  listed: [],
  unknownTours: [],
};

/** The import routes; answers the queries previews and imports were sent with. */
function serveImports() {
  const queries: Array<{ mode: string; query: Record<string, string> }> = [];
  server.use(
    http.get(apiUrl('/api/imports/mappings'), () => HttpResponse.json([])),
    refusedChangesRoute(),
    http.get(apiUrl('/api/imports'), () => HttpResponse.json([])),
    http.post(apiUrl('/api/imports/inspect'), () =>
      HttpResponse.json({ encoding: 'utf-8', delimiter: 'semicolon', columns: HEADER, sample: [] }),
    ),
    http.post(apiUrl('/api/imports/:mode'), ({ request, params }) => {
      queries.push({ mode: String(params.mode), query: Object.fromEntries(new URL(request.url).searchParams) });
      return new HttpResponse(`${JSON.stringify({ type: 'done', summary })}\n`, {
        headers: { 'content-type': 'application/x-ndjson' },
      });
    }),
  );
  return queries;
}

describe('the import page and overbooking', () => {
  it('sends "allow overbooking and times outside the timetable" with the preview and the import, once ticked', async () => {
    const queries = serveImports();
    const { user } = renderRoute('/imports', { preloadedState: signedIn(manager) });
    await screen.findByRole('button', { name: 'Choose a CSV file' });
    const file = new NodeFile([`${HEADER.join(';')}\n`], 'history.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    await user.click(await screen.findByRole('combobox', { name: 'Source of the bookings' }));
    await user.click(await screen.findByRole('option', { name: 'Viator' }));

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('button', { name: 'Import 1 booking' })).toBeInTheDocument();
    const tick = screen.getByRole('checkbox', { name: 'Allow overbooking and times outside the timetable' });
    expect(tick).toHaveAccessibleDescription(/rows that would put a departure over its capacity/);
    await user.click(tick);
    // The tick changes what the file would do: the preview shown before it is gone.
    expect(screen.queryByRole('button', { name: 'Import 1 booking' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 booking' }));
    await waitFor(() => expect(queries).toHaveLength(3));
    expect(queries.map(({ mode, query }) => [mode, query.allowOverbooking])).toEqual([
      ['preview', undefined],
      ['preview', 'true'],
      ['apply', 'true'],
    ]);
  });
});
