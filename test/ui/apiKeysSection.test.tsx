import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ApiKey } from '../../src/domain/schemas/apiKeys';
import { pinClockAt } from './clock';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';

// 11:00 on 12 Nov 2026 in Madrid, the fixtures' company's zone.
pinClockAt('2026-11-12T10:00:00Z');

const SECRET =
  'tdk_9c0d1e2f00000000000000000000000a_0000000000000000000000000000000c_s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3';

const website: ApiKey = {
  _id: 'key-1',
  name: 'Website',
  prefix: 'tdk_3f9a1b2c',
  // 00:30 on the 12th in Madrid, still the 11th in UTC.
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
  lastUsedAt: null,
  revokedAt: '2026-06-01T10:00:00Z',
  sources: [],
};
/** Made before keys had sources, with a name no source has: refused until a Manager picks them. */
const bookingEngine: ApiKey = {
  _id: 'key-3',
  name: 'Booking engine',
  prefix: 'tdk_5e5e5e5e',
  createdAt: '2026-05-01T10:00:00Z',
  createdBy: 'Marta',
  lastUsedAt: null,
  revokedAt: null,
  sources: [],
};
/** The company's sources: an archived one is offered to no new key. */
const manager = makeUser({
  company: {
    ...company,
    sources: [
      { id: 'walkin', label: 'Walkin' },
      { id: 'viator', label: 'Viator' },
      { id: 'website', label: 'Website' },
      { id: 'fax', label: 'Fax desk', archived: true },
    ],
  },
});

/** The server's API key routes over a list they change: every request is recorded. */
function serveKeys(initial: ApiKey[] = [website, oldChannelManager]) {
  let keys = [...initial];
  const requests: Array<{ method: string; path: string; body?: unknown }> = [];
  const record = async (request: Request) => {
    const body = ['POST', 'PATCH'].includes(request.method) ? await request.json() : undefined;
    requests.push({ method: request.method, path: new URL(request.url).pathname, ...(body ? { body } : {}) });
    return body as { name: string; sources: string[] } | undefined;
  };
  server.use(
    http.get(apiUrl('/api/company/api-keys'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(keys);
    }),
    http.post(apiUrl('/api/company/api-keys'), async ({ request }) => {
      const { name, sources } = (await record(request))!;
      const key: ApiKey = {
        _id: 'key-2',
        name,
        sources,
        prefix: 'tdk_9c0d1e2f',
        createdAt: new Date().toISOString(),
        createdBy: 'Maria Manager',
        lastUsedAt: null,
        revokedAt: null,
      };
      keys = [key, ...keys];
      return HttpResponse.json({ key, secret: SECRET }, { status: 201 });
    }),
    http.patch(apiUrl('/api/company/api-keys/:id'), async ({ request, params }) => {
      const { sources } = (await record(request))!;
      keys = keys.map((k) => (k._id === params.id ? { ...k, sources } : k));
      return HttpResponse.json(keys.find((k) => k._id === params.id));
    }),
    http.delete(apiUrl('/api/company/api-keys/:id'), async ({ request, params }) => {
      await record(request);
      keys = keys.map((k) => (k._id === params.id ? { ...k, revokedAt: new Date().toISOString() } : k));
      return HttpResponse.json(keys.find((k) => k._id === params.id));
    }),
  );
  return requests;
}

const renderSettings = () => renderRoute('/settings', { preloadedState: signedIn(manager) });
const section = () => screen.findByRole('region', { name: 'Channel API keys' });
const writes = (requests: Array<{ method: string }>) => requests.filter((r) => r.method !== 'GET');

describe('channel API keys on the settings page', () => {
  // The page's timetable section reads it (test/ui/timetableSection.test.tsx tests it).
  beforeEach(() => {
    server.use(
      http.get(apiUrl('/api/company/:companyId/timetable'), () =>
        HttpResponse.json({ departures: [], exceptions: [] }),
      ),
    );
  });

  it('lists each key with its prefix, who made it and when, and its last use; a revoked one is tagged, with no button', async () => {
    serveKeys();
    renderSettings();
    const keys = await section();
    expect(within(keys).getByRole('link', { name: 'the API docs (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    expect(within(keys).getByRole('link', { name: /API docs/ })).toHaveAttribute('target', '_blank');

    const row = await within(keys).findByRole('listitem', { name: 'Website' });
    expect(within(row).getByText('tdk_3f9a1b2c…')).toBeVisible();
    expect(within(row).getByText('Created 12 Nov 2026 by Marta')).toBeVisible();
    expect(within(row).getByText('Last used 10:02 today')).toBeVisible();
    expect(within(row).queryByText('Revoked')).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Revoke Website key' })).toBeEnabled();
    expect(within(row).getByText('Sources: Website')).toBeVisible();
    expect(within(row).queryByRole('button', { name: /Pick sources/ })).not.toBeInTheDocument();

    const revoked = within(keys).getByRole('listitem', { name: 'Old channel manager' });
    expect(within(revoked).queryByText(/sources/i)).not.toBeInTheDocument();
    expect(within(revoked).getByText('Revoked')).toBeVisible();
    expect(within(revoked).getByText('Created 1 Mar 2026')).toBeVisible();
    expect(within(revoked).getByText('Never used')).toBeVisible();
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says "No API keys yet" when the company has none', async () => {
    serveKeys([]);
    renderSettings();
    expect(await within(await section()).findByText('No API keys yet')).toBeVisible();
    expect(within(await section()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('creates a key and shows its secret once: it copies, it is kept nowhere, and after Done the list has the key', async () => {
    const requests = serveKeys([]);
    const { user, store } = renderSettings();
    const keys = await section();
    await within(keys).findByText('No API keys yet');
    await user.click(within(keys).getByRole('button', { name: 'New API key' }));

    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Booking engine ');
    const sources = within(dialog).getByRole('group', { name: 'Sources' });
    expect(
      within(sources)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Walkin', 'Viator', 'Website']);
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(sources).toHaveAccessibleDescription('Pick at least one source');
    expect(writes(requests)).toEqual([]);
    await user.click(within(sources).getByRole('checkbox', { name: 'Website' }));
    await user.click(within(sources).getByRole('checkbox', { name: 'Viator' }));
    expect(sources).toHaveAccessibleDescription('The key reads and writes the bookings of these sources only');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'API key Booking engine created' });
    expect(writes(requests)).toEqual([
      {
        method: 'POST',
        path: '/api/company/api-keys',
        body: { name: 'Booking engine', sources: ['Viator', 'Website'] },
      },
    ]);
    expect(within(shown).getByRole('textbox', { name: 'API key' })).toHaveValue(SECRET);
    expect(within(shown).getByRole('textbox', { name: 'API key' })).toHaveAttribute('readonly');
    expect(
      within(shown).getByText(
        'This key is shown only now. Store it in the channel’s settings; if it is lost, revoke it and create a new one.',
      ),
    ).toBeVisible();
    // Neither the list's cache nor a mutation's state holds the secret, only the dialog.
    expect(JSON.stringify(store.getState())).not.toContain(SECRET);

    const clipboard = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByRole('status')).toHaveTextContent('Copied');
    expect(clipboard).toHaveBeenCalledWith(SECRET);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(SECRET);
    const added = await within(keys).findByRole('listitem', { name: 'Booking engine' });
    expect(within(added).getByText('tdk_9c0d1e2f…')).toBeVisible();
    expect(within(added).getByText('Sources: Viator, Website')).toBeVisible();
    expect(within(added).getByText('Created 12 Nov 2026 by Maria Manager')).toBeVisible();
    expect(within(added).getByText('Never used')).toBeVisible();
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2);
    expect(JSON.stringify(store.getState())).not.toContain(SECRET);
  });

  it('says so when the clipboard refuses the secret', async () => {
    serveKeys([]);
    const { user } = renderSettings();
    await user.click(within(await section()).getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Website');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Website' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'API key Website created' });

    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Not allowed'));
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByRole('status')).toHaveTextContent(
      'Could not copy to the clipboard: select the key and copy it by hand.',
    );
    expect(within(shown).getByRole('textbox', { name: 'API key' })).toHaveValue(SECRET);
  });

  it('asks for a name, and shows a name already taken under the name in the dialog', async () => {
    serveKeys();
    const posted: unknown[] = [];
    server.use(
      http.post(apiUrl('/api/company/api-keys'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(
          { error: 'name: an API key named Website already exists', code: 'NAME_TAKEN' },
          { status: 409 },
        );
      }),
    );
    const { user } = renderSettings();
    await user.click(within(await section()).getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });

    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(name).toBeInvalid();
    expect(posted).toEqual([]);

    await user.type(name, 'Website');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Website' }));
    expect(name).toBeValid();
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('An API key named Website already exists'));
    expect(name).toBeInvalid();
    expect(screen.getByRole('dialog', { name: 'New API key' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'API key' })).not.toBeInTheDocument();
    expect(posted).toEqual([{ name: 'Website', sources: ['Website'] }]);
  });

  it('shows a source the server refuses (archived meanwhile) under the sources', async () => {
    serveKeys();
    server.use(
      http.post(apiUrl('/api/company/api-keys'), () =>
        HttpResponse.json(
          { error: "sources: not one of this company's sources (Settings › Sources)", code: 'UNKNOWN_SOURCE' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderSettings();
    await user.click(within(await section()).getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Viator');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Viator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const sources = within(dialog).getByRole('group', { name: 'Sources' });
    await waitFor(() =>
      expect(sources).toHaveAccessibleDescription("Not one of this company's sources (Settings › Sources)"),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a key without sources is refused, and lets the Manager pick them once', async () => {
    const requests = serveKeys([bookingEngine, website]);
    const { user } = renderSettings();
    const keys = await section();
    const row = await within(keys).findByRole('listitem', { name: 'Booking engine' });
    expect(within(row).getByText('No sources yet: the key is refused until you pick them')).toBeVisible();

    await user.click(within(row).getByRole('button', { name: 'Pick sources for the Booking engine key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sources of Booking engine' });
    await user.click(within(dialog).getByRole('button', { name: 'Save sources' }));
    expect(within(dialog).getByRole('group', { name: 'Sources' })).toHaveAccessibleDescription(
      'Pick at least one source',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Viator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save sources' }));

    expect(await screen.findByText('Booking engine reaches Viator')).toBeVisible();
    expect(writes(requests)).toEqual([
      { method: 'PATCH', path: '/api/company/api-keys/key-3', body: { sources: ['Viator'] } },
    ]);
    const picked = within(keys).getByRole('listitem', { name: 'Booking engine' });
    expect(within(picked).getByText('Sources: Viator')).toBeVisible();
    expect(within(picked).queryByText(/No sources yet/)).not.toBeInTheDocument();
    expect(within(picked).queryByRole('button', { name: /Pick sources/ })).not.toBeInTheDocument();
  });

  it('asks before revoking, sends the DELETE, and the key shows as revoked', async () => {
    const requests = serveKeys();
    const { user } = renderSettings();
    const keys = await section();
    const row = await within(keys).findByRole('listitem', { name: 'Website' });

    await user.click(within(row).getByRole('button', { name: 'Revoke Website key' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Website?' });
    expect(confirm).toHaveAccessibleDescription('Channels using it stop at once.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(requests)).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Revoke Website key' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke Website?' })).getByRole('button', { name: 'Revoke' }),
    );

    expect(await screen.findByText('Website revoked')).toBeVisible();
    expect(writes(requests)).toEqual([{ method: 'DELETE', path: '/api/company/api-keys/key-1' }]);
    const revoked = within(keys).getByRole('listitem', { name: 'Website' });
    expect(within(revoked).getByText('Revoked')).toBeVisible();
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps the confirmation open with the reason when the revoke fails', async () => {
    serveKeys();
    server.use(
      http.delete(apiUrl('/api/company/api-keys/:id'), () =>
        HttpResponse.json({ error: 'No such API key', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    const { user } = renderSettings();
    const row = await within(await section()).findByRole('listitem', { name: 'Website' });
    await user.click(within(row).getByRole('button', { name: 'Revoke Website key' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Website?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await within(confirm).findByText('No such API key')).toBeVisible();
    expect(within(row).queryByText('Revoked')).not.toBeInTheDocument();
  });

  it('offers to load the keys again when they could not be loaded', async () => {
    serveKeys();
    let failures = 1;
    server.use(
      http.get(apiUrl('/api/company/api-keys'), () =>
        failures-- > 0
          ? HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 })
          : undefined,
      ),
    );
    const { user } = renderSettings();
    const keys = await section();
    expect(await within(keys).findByText('Database unavailable')).toBeVisible();
    await user.click(within(keys).getByRole('button', { name: 'Try again' }));
    expect(await within(keys).findByRole('listitem', { name: 'Website' })).toBeVisible();
    expect(within(keys).queryByText('Database unavailable')).not.toBeInTheDocument();
  });
});
