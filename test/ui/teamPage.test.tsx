import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Member } from '../../src/domain/team';
import { apiUrl, makeUser, signedIn } from './fixtures';
import { loadBeforeTests, renderRoute } from './renderWithProviders';
import { server } from './server';

const manager = makeUser({ _id: 'user-1', name: 'Maria Manager', email: 'manager@demo.test' });
const gabriel: Member = { _id: 'user-2', email: 'gabriel@demo.test', role: 'Guide', name: 'Gabriel Guide' };
const self: Member = { _id: 'user-1', email: 'manager@demo.test', role: 'Manager', name: 'Maria Manager' };
const FORBIDDEN = "You don't have permission to perform that action";

/** The team as the server keeps it: sorted by name, changed by the add and delete calls the test allows. */
function teamServer(initial: Member[] = [gabriel, self]) {
  let team = [...initial];
  const calls = { lists: 0, added: [] as unknown[], deleted: [] as string[] };
  server.use(
    http.get(apiUrl('/api/user/users/company'), () => {
      calls.lists += 1;
      return HttpResponse.json([...team].sort((a, b) => a.name.localeCompare(b.name)));
    }),
  );
  return {
    calls,
    acceptAdd() {
      server.use(
        http.post(apiUrl('/api/user/addguide'), async ({ request }) => {
          const body = (await request.json()) as { name: string; email: string };
          calls.added.push(body);
          const user: Member = {
            _id: `user-${2 + calls.added.length}`,
            email: body.email,
            role: 'Guide',
            name: body.name,
          };
          team.push(user);
          return HttpResponse.json({ message: 'New guide successfully added', user }, { status: 201 });
        }),
      );
    },
    acceptDelete() {
      server.use(
        http.delete(apiUrl('/api/user/guides/:id'), ({ params }) => {
          calls.deleted.push(String(params.id));
          team = team.filter((member) => member._id !== params.id);
          return HttpResponse.json({ message: 'Guide succesfully deleted' });
        }),
      );
    },
  };
}

const renderTeam = (user = manager) => renderRoute('/guides', { preloadedState: signedIn(user) });
const memberList = () => screen.findByRole('list', { name: 'Team members' });
const row = (list: HTMLElement, name: RegExp | string) =>
  within(list)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(name) !== null);

loadBeforeTests(() => import('../../src/features/team/TeamPage'));

describe('team page', () => {
  it('lists the members with name, email and role after a loading state', async () => {
    teamServer();
    renderTeam();

    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Team' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading team members' })).toBeInTheDocument();
    const list = await memberList();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Gabriel Guide');
    expect(items[0]).toHaveTextContent('gabriel@demo.test');
    expect(items[0]).toHaveTextContent('Guide');
    expect(items[1]).toHaveTextContent('Maria Manager (you)');
    expect(items[1]).toHaveTextContent('manager@demo.test');
    expect(items[1]).toHaveTextContent('Manager');
  });

  it('offers no delete button on your own row', async () => {
    teamServer();
    renderTeam();

    const list = await memberList();
    expect(within(row(list, /Maria Manager/)!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Maria Manager' })).not.toBeInTheDocument();
    expect(within(row(list, 'Gabriel Guide')!).getByRole('button', { name: 'Delete Gabriel Guide' })).toBeEnabled();
  });

  it('adds a guide, says so, clears the form and shows the new member in the refreshed list', async () => {
    const team = teamServer();
    team.acceptAdd();
    const { user } = renderTeam();
    await memberList();

    await user.type(screen.getByLabelText('Name'), 'Greta Guide');
    await user.type(screen.getByLabelText('Email'), 'greta@demo.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Add guide' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('New guide successfully added');
    expect(team.calls.added).toEqual([
      { name: 'Greta Guide', email: 'greta@demo.test', password: 'long-enough-password' },
    ]);
    const list = await memberList();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(row(list, 'Greta Guide')).toHaveTextContent('greta@demo.test');
    expect(team.calls.lists).toBe(2);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it("shows the server's error in an error banner when the email is taken", async () => {
    const team = teamServer();
    server.use(
      http.post(apiUrl('/api/user/addguide'), () =>
        HttpResponse.json({ error: 'An account with this email already exists', code: 'EMAIL_TAKEN' }, { status: 409 }),
      ),
    );
    const { user } = renderTeam();
    await memberList();

    await user.type(screen.getByLabelText('Name'), 'Gabriel Again');
    await user.type(screen.getByLabelText('Email'), 'gabriel@demo.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Add guide' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists');
    expect(alert).toHaveClass('MuiAlert-colorError');
    expect(screen.queryByText('New guide successfully added')).not.toBeInTheDocument();
    // The form keeps what was typed so it can be corrected.
    expect(screen.getByLabelText('Email')).toHaveValue('gabriel@demo.test');
    expect(team.calls.lists).toBe(1);
  });

  it('deletes a member after confirmation, says so and removes the row', async () => {
    const team = teamServer();
    team.acceptDelete();
    const { user } = renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Delete Gabriel Guide' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete Gabriel Guide?' });
    expect(team.calls.deleted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Guide succesfully deleted');
    expect(team.calls.deleted).toEqual(['user-2']);
    await waitFor(() => expect(screen.queryByText('Gabriel Guide')).not.toBeInTheDocument());
    expect(within(await memberList()).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const team = teamServer();
    team.acceptDelete();
    const { user } = renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Delete Gabriel Guide' }));

    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(team.calls.deleted).toEqual([]);
    expect(screen.getByText('Gabriel Guide')).toBeInTheDocument();
  });

  it('shows a Guide the team without the add form or any delete button, and says who changes it', async () => {
    const guide = makeUser({ _id: 'user-2', name: 'Gabriel Guide', email: 'gabriel@demo.test', role: 'Guide' });
    const other: Member = { _id: 'user-4', email: 'gina@demo.test', role: 'Guide', name: 'Gina Guide' };
    teamServer([gabriel, other, self]);
    renderTeam(guide);

    const list = await memberList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(row(list, /Gabriel Guide/)).toHaveTextContent('Gabriel Guide (you)');
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add a guide' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add guide' })).not.toBeInTheDocument();
    expect(screen.getByText('Managers add guides to the team and remove them.')).toBeVisible();
  });

  it("shows the server's refusal and keeps the row when a delete is refused", async () => {
    const other: Member = { _id: 'user-4', email: 'gina@demo.test', role: 'Guide', name: 'Gina Guide' };
    teamServer([gabriel, other, self]);
    server.use(
      http.delete(apiUrl('/api/user/guides/:id'), () =>
        HttpResponse.json({ error: FORBIDDEN, code: 'FORBIDDEN' }, { status: 403 }),
      ),
    );
    const { user } = renderTeam();

    await user.click(await screen.findByRole('button', { name: 'Delete Gina Guide' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(FORBIDDEN);
    expect(screen.queryByText('Guide succesfully deleted')).not.toBeInTheDocument();
    expect(row(await memberList(), 'Gina Guide')).toBeDefined();
  });

  it('shows the rules of the fields before anything is sent', async () => {
    teamServer();
    renderTeam();
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(/no two members share one/);
  });

  it('closes the last success when the next add fails, and when the user types again', async () => {
    const team = teamServer();
    team.acceptAdd();
    const { user } = renderTeam();
    await memberList();
    const add = async (name: string, email: string) => {
      await user.type(screen.getByLabelText('Name'), name);
      await user.type(screen.getByLabelText('Email'), email);
      await user.type(screen.getByLabelText('Password'), 'long-enough-password');
      await user.click(screen.getByRole('button', { name: 'Add guide' }));
    };

    await add('Greta Guide', 'greta@demo.test');
    expect(await screen.findByRole('alert')).toHaveTextContent('New guide successfully added');
    await user.type(screen.getByLabelText('Name'), 'G');
    expect(screen.queryByText('New guide successfully added')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Name'));

    await add('Gina Guide', 'gina@demo.test');
    expect(await screen.findByText('New guide successfully added')).toBeInTheDocument();
    server.use(
      http.post(apiUrl('/api/user/addguide'), () =>
        HttpResponse.json({ error: 'The password needs at least 8 characters', code: 'VALIDATION' }, { status: 400 }),
      ),
    );
    await add('Gus Guide', 'gus@demo.test');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The password needs at least 8 characters'),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('replaces a refused delete with the next success', async () => {
    const team = teamServer();
    team.acceptAdd();
    server.use(
      http.delete(apiUrl('/api/user/guides/:id'), () =>
        HttpResponse.json({ error: FORBIDDEN, code: 'FORBIDDEN' }, { status: 403 }),
      ),
    );
    const { user } = renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Delete Gabriel Guide' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FORBIDDEN);

    await user.type(screen.getByLabelText('Name'), 'Greta Guide');
    expect(screen.queryByText(FORBIDDEN)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'greta@demo.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Add guide' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('New guide successfully added');
  });
});
