import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PastImport } from '../../src/domain/schemas/imports';
import { pinClockAt } from './clock';
import { apiUrl, makeUser, signedIn } from './fixtures';
import { pastImport, refusedChangesRoute } from './importFixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';

pinClockAt('2026-11-12T10:00:00Z');

const manager = makeUser();

describe('an import in Recent imports', () => {
  const undone = pastImport({ undo: 'undone', undone: { by: 'Maria Manager', at: '2026-11-12T10:05:00Z' } });

  /** Recent imports as `list` says, and the undo route answering `answer` (the list is `after` from then on). */
  function serveRecent(list: PastImport[], answer: () => Response, after: PastImport[] = list) {
    const undos: string[] = [];
    let shown = list;
    server.use(
      http.get(apiUrl('/api/imports/mappings'), () => HttpResponse.json([])),
      refusedChangesRoute(),
      http.get(apiUrl('/api/imports'), () => HttpResponse.json(shown)),
      http.post(apiUrl('/api/imports/:id/undo'), ({ params }) => {
        undos.push(String(params.id));
        shown = after;
        return answer();
      }),
    );
    return undos;
  }
  const recentList = async () => {
    const { user } = renderRoute('/imports', { preloadedState: signedIn(manager) });
    const recent = await screen.findByRole('region', { name: 'Recent imports' });
    await within(recent).findByRole('list');
    return { recent, user };
  };

  it('says until when each may be undone, who undid one, and why another no longer can be', async () => {
    serveRecent(
      [
        pastImport(),
        pastImport({ _id: 'b', fileName: 'changed.csv', undo: 'changed', changedSince: 2 }),
        pastImport({ _id: 'c', fileName: 'old.csv', undo: 'expired' }),
        { ...undone, _id: 'd', fileName: 'undone.csv' },
      ],
      () => HttpResponse.json({}),
    );
    const { recent } = await recentList();
    const item = (file: string) =>
      within(recent).getByText(`1 bookings imported from ${file} by Maria Manager`).closest('li') as HTMLElement;
    expect(item('viator.csv')).toHaveTextContent('Can be undone until 13/11/2026 10:59');
    expect(within(item('viator.csv')).getByRole('button', { name: 'Undo the import of viator.csv' })).toBeVisible();
    expect(item('changed.csv')).toHaveTextContent(
      'Can no longer be undone: 2 of its bookings checked in or changed since',
    );
    expect(item('old.csv')).not.toHaveTextContent(/undo/i);
    expect(item('undone.csv')).toHaveTextContent('Undone (by Maria Manager, 12/11/2026 11:05)');
    expect(within(recent).getAllByRole('button')).toHaveLength(1);
  });

  it('says which stopped before the end of their file, and which still runs', async () => {
    serveRecent(
      [
        pastImport({
          _id: 'r',
          fileName: 'running.csv',
          status: 'running',
          undo: 'running',
          at: '2026-11-12T09:58:00Z',
        }),
        pastImport({ _id: 'i', fileName: 'cut.csv', status: 'interrupted', created: 500 }),
        pastImport({ _id: 's', fileName: 'stopped.csv', status: 'stopped' }),
      ],
      () => HttpResponse.json({}),
    );
    const { recent } = await recentList();
    const running = within(recent).getByText('1 bookings imported so far from running.csv by Maria Manager');
    const item = (element: HTMLElement) => element.closest('li') as HTMLElement;
    expect(item(running)).toHaveTextContent('Started 12/11/2026 10:58 · 1 created');
    expect(item(running)).toHaveTextContent('Still importing: these are its counts so far');
    expect(within(item(running)).queryByRole('button')).not.toBeInTheDocument();
    const cut = item(within(recent).getByText('500 bookings imported from cut.csv by Maria Manager'));
    expect(cut).toHaveTextContent(
      'Stopped before the end of the file when the server stopped: import the file again to bring in the rest',
    );
    expect(cut).toHaveTextContent('Can be undone until 13/11/2026 10:59');
    expect(within(cut).getByRole('button', { name: 'Undo the import of cut.csv' })).toBeVisible();
    const stopped = item(within(recent).getByText('1 bookings imported from stopped.csv by Maria Manager'));
    expect(stopped).toHaveTextContent('Stopped before the end of the file: import the file again to bring in the rest');
  });

  it('undoes one once asked, and says so', async () => {
    const undos = serveRecent([pastImport()], () => HttpResponse.json(undone), [undone]);
    const { recent, user } = await recentList();
    await user.click(within(recent).getByRole('button', { name: 'Undo the import of viator.csv' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo the import of viator.csv?' });
    expect(dialog).toHaveTextContent(
      'The 1 booking it created will be cancelled, and the 0 bookings it updated or cancelled put back as they were.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText('The import of viator.csv was undone')).toBeVisible();
    expect(undos).toEqual([pastImport()._id]);
    expect(await within(recent).findByText(/Undone \(by Maria Manager, 12\/11\/2026 11:05\)/)).toBeVisible();
    expect(within(recent).queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
  });

  it('says why the server refused, and offers no second try', async () => {
    const refusal =
      "1 of this import's bookings was checked in or changed since: José Núñez (V-1) checked in. " +
      'Change them back by hand instead.';
    serveRecent(
      [pastImport()],
      () => HttpResponse.json({ error: refusal, code: 'IMPORT_CHANGED_SINCE' }, { status: 409 }),
      [pastImport({ undo: 'changed', changedSince: 1 })],
    );
    const { recent, user } = await recentList();
    await user.click(within(recent).getByRole('button', { name: 'Undo the import of viator.csv' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    expect(await within(dialog).findByText(refusal)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Undo import' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(
      await within(recent).findByText(/Can no longer be undone: 1 of its bookings checked in or changed since/),
    ).toBeVisible();
  });
});
