import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { makeBooking, noteRoute, serveSlot, SLOT_PATH } from './slotFixtures';

const UNIQUE_ID = '2026-11-21-10:30-Old Town Walk';
const LONG_NOTE = `${'Meet at the fountain. '.repeat(5)}Bring the umbrella.`; // 129 characters

/** Notes as the server keeps them; GET answers the latest saved, PATCH records the body. */
function serveNotes(initial = '') {
  let note = initial;
  const saves: unknown[] = [];
  const fetched: string[] = [];
  server.use(
    noteRoute(({ params }) => {
      fetched.push(params.uniqueId as string);
      return HttpResponse.json({ note });
    }),
    http.patch(apiUrl('/api/save'), async ({ request }) => {
      const body = (await request.json()) as { uniqueId: string; note: string };
      saves.push(body);
      note = body.note;
      return HttpResponse.json({ note });
    }),
  );
  return { saves, fetched };
}

describe('slot note', () => {
  beforeEach(() => {
    serveSlot({ bookings: [makeBooking()] });
  });

  it('opens and closes the editor with "Add note"', async () => {
    serveNotes();
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const addNote = await screen.findByRole('button', { name: 'Add note' });
    await user.click(addNote);
    expect(await screen.findByRole('textbox', { name: 'Note' })).toBeInTheDocument();
    expect(addNote).toHaveAttribute('aria-expanded', 'true');
    await user.click(addNote);
    expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();
    await user.click(addNote);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();
  });

  it('saves the note under day-time-tour and shows it under the header', async () => {
    const { saves, fetched } = serveNotes();
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'Two guests in wheelchairs');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('region', { name: 'Note' })).toHaveTextContent('Two guests in wheelchairs');
    expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();
    expect(saves).toEqual([{ uniqueId: UNIQUE_ID, note: 'Two guests in wheelchairs' }]);
    expect(fetched[0]).toBe(UNIQUE_ID);
  });

  it('reads "Edit note" when the slot has a note, and starts the editor from it', async () => {
    serveNotes('Gate B');
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    await screen.findByText('Gate B');
    expect(screen.queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit note' }));
    expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('Gate B');
  });

  it("shows a long note's first 97 characters with 'Show more' and 'Show less'", async () => {
    serveNotes(LONG_NOTE);
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const note = await screen.findByRole('region', { name: 'Note' });
    expect(note).toHaveTextContent(`${LONG_NOTE.slice(0, 97)}...`);
    expect(note).not.toHaveTextContent('umbrella');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(note).toHaveTextContent(LONG_NOTE);
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(note).not.toHaveTextContent('umbrella');
  });

  it('shows a note of exactly 100 characters whole, without a toggle', async () => {
    serveNotes('x'.repeat(100));
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    expect(await screen.findByText('x'.repeat(100))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("logs 'Error saving the note' and keeps the editor open when the save fails", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serveNotes();
    server.use(
      http.patch(apiUrl('/api/save'), () => HttpResponse.json({ error: 'Down', code: 'INTERNAL' }, { status: 500 })),
    );
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'Gate B');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The note was not saved. Try again.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Error saving the note');
    expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('Gate B');
    logged.mockRestore();
  });

  it('disables "Add note" on a locked slot and says why', async () => {
    serveSlot({ bookings: [makeBooking()], modifiable: false });
    serveNotes();
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const addNote = await screen.findByRole('button', { name: 'Add note' });
    expect(addNote).toBeDisabled();
    expect(addNote).toHaveAccessibleDescription(/Changes close 30 minutes after the start/);
  });

  it('says the slot locked meanwhile, keeps the draft and reloads the slot to show the lock', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = serveSlot({ bookings: [makeBooking()] });
    serveNotes();
    const lockText = 'This slot is locked: Guides can change it until 30 minutes after it starts';
    server.use(
      http.patch(apiUrl('/api/save'), () =>
        HttpResponse.json({ error: lockText, code: 'SLOT_LOCKED' }, { status: 403 }),
      ),
    );
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'Gate B');
    const loads = calls.slot.length;
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(lockText)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Gate B');
    await waitFor(() => expect(calls.slot.length).toBeGreaterThan(loads));
    logged.mockRestore();
  });

  it("logs 'Error fetching the newly saved note' when the note cannot be fetched", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(noteRoute(() => HttpResponse.json({ error: 'Down', code: 'INTERNAL' }, { status: 500 })));
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    expect(await screen.findByText('The note could not be loaded.')).toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Error fetching the newly saved note'));
    logged.mockRestore();
  });
});
