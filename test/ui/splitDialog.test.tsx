import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SaveShiftGuidesBody, Shift } from '../../src/domain/team';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { makeBooking, makeShift, serveSlot, SHIFT_STRING, SLOT_PATH } from './slotFixtures';

const GUIDES = [
  { _id: 'guide-1', name: 'Gabriel Guide' },
  { _id: 'guide-2', name: 'Hana Guide' },
  { _id: 'guide-3', name: 'Ivo Guide' },
];
// Seven adults in two parties.
const sevenAdults = () => [
  makeBooking({ name: 'Ana', customers: [{ Adults: 4 }] }),
  makeBooking({ name: 'Ben', customers: [{ Adults: 3 }] }),
];
/** The dialog's read-only lines once the counts follow the bookings. */
const guestsPerGuide = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Guests per guide' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const adultsFor = (name: string) => screen.getByRole('spinbutton', { name: `Adults for ${name}` });

/** Answers the save as the server does (the shift as sent), and serves it to later fetches of the slot's shift. */
function serveSave(held: { shift: Shift | null }) {
  const saves: Array<{ shiftString: string; body: SaveShiftGuidesBody }> = [];
  server.use(
    http.post(apiUrl('/api/shift/:shiftString/guides'), async ({ request, params }) => {
      const body = (await request.json()) as SaveShiftGuidesBody;
      saves.push({ shiftString: params.shiftString as string, body });
      held.shift = {
        ...makeShift([], { Adults: 7 }),
        guides: body.selectedGuides.selectedItems.map((item) => ({ ...item, name: item.name ?? '' })),
      };
      return HttpResponse.json(held.shift);
    }),
  );
  return saves;
}

async function openSplit() {
  const view = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
  await view.user.click(await screen.findByRole('button', { name: /^Split/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Split between guides' });
  await within(dialog).findByRole('checkbox', { name: 'Gabriel Guide' });
  return { ...view, dialog };
}

describe('split between guides', () => {
  it('shares a 7-adult slot as 4 and 3 between two guides, the remainder to the first chosen', async () => {
    serveSlot({ bookings: sevenAdults(), guides: GUIDES });
    const { user, dialog } = await openSplit();

    expect(within(dialog).getByText('7 guests: Adults 7')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hana Guide' }));
    expect(adultsFor('Hana Guide')).toHaveValue(7);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Gabriel Guide' }));

    expect(adultsFor('Hana Guide')).toHaveValue(4);
    expect(adultsFor('Gabriel Guide')).toHaveValue(3);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ivo Guide' }));
    expect(adultsFor('Hana Guide')).toHaveValue(3);
    expect(adultsFor('Gabriel Guide')).toHaveValue(2);
    expect(adultsFor('Ivo Guide')).toHaveValue(2);
  });

  it('warns when 5 and 1 do not add up to 7, saves that split and marks the header button "Split*"', async () => {
    const calls = serveSlot({ bookings: sevenAdults(), guides: GUIDES });
    const saves = serveSave(calls.held);
    const { user, dialog } = await openSplit();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Gabriel Guide' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hana Guide' }));
    expect(adultsFor('Gabriel Guide')).toHaveValue(4);
    await user.clear(adultsFor('Gabriel Guide'));
    await user.type(adultsFor('Gabriel Guide'), '5');
    await user.clear(adultsFor('Hana Guide'));
    await user.type(adultsFor('Hana Guide'), '1');

    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Assigned guests (6 adults) do not match the slot total (7 adults)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saves).toEqual([
      {
        shiftString: SHIFT_STRING,
        body: {
          selectedGuides: {
            selectedItems: [
              { _id: 'guide-1', name: 'Gabriel Guide', attendees: [{ Adults: 5 }, { Teens: 0 }, { Children: 0 }] },
              { _id: 'guide-2', name: 'Hana Guide', attendees: [{ Adults: 1 }, { Teens: 0 }, { Children: 0 }] },
            ],
          },
        },
      },
    ]);
    expect(await screen.findByRole('button', { name: 'Split*' })).toHaveAccessibleDescription(
      '* Assigned guests (6 adults) do not match the slot total (7 adults)',
    );
    expect(screen.getByText('Gabriel Guide: 5 Adults')).toBeInTheDocument();
    expect(screen.getByText('Hana Guide: 1 Adult')).toBeInTheDocument();
  });

  it('shows "Split*" on load when the saved split no longer matches the bookings, and opens on it', async () => {
    serveSlot({
      bookings: sevenAdults(),
      guides: GUIDES,
      shift: makeShift([
        { _id: 'guide-2', name: 'Hana Guide', counts: { Adults: 3 } },
        { _id: 'guide-1', name: 'Gabriel Guide', counts: { Adults: 3 } },
      ]),
    });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'Split*' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split between guides' });
    expect(within(dialog).getByRole('checkbox', { name: 'Hana Guide' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Gabriel Guide' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Ivo Guide' })).not.toBeChecked();
    expect(adultsFor('Hana Guide')).toHaveValue(3);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Assigned guests (6 adults) do not match the slot total (7 adults)',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Split evenly' }));
    expect(adultsFor('Hana Guide')).toHaveValue(4);
    expect(adultsFor('Gabriel Guide')).toHaveValue(3);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats a 404 NO_SHIFT as no shift: no guides, no error, nobody chosen', async () => {
    const calls = serveSlot({ bookings: sevenAdults(), guides: GUIDES });
    const { dialog } = await openSplit();

    expect(calls.shift).toEqual([
      { time: '10:30', day: '2026-11-21', tour: 'Old Town Walk', companyName: company.name },
    ]);
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .every((box) => !(box as HTMLInputElement).checked),
    ).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign bookings' })).not.toBeInTheDocument();
  });

  it('disables Split and Assign bookings on a locked slot', async () => {
    serveSlot({
      bookings: sevenAdults(),
      modifiable: false,
      shift: makeShift([{ _id: 'guide-1', name: 'Gabriel Guide', counts: { Adults: 7 } }]),
    });
    renderRoute(SLOT_PATH, { preloadedState: signedIn(makeUser({ role: 'Guide', assignable: false })) });

    expect(await screen.findByRole('button', { name: 'Assign bookings' })).toBeDisabled();
    const split = screen.getByRole('button', { name: 'Split' });
    expect(split).toBeDisabled();
    expect(split).toHaveAccessibleDescription(/ask a Manager to change this slot/);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    serveSlot({ bookings: sevenAdults(), guides: GUIDES });
    server.use(
      http.post(apiUrl('/api/shift/:shiftString/guides'), () =>
        HttpResponse.json(
          { error: 'Only members of the team can take a shift', code: 'UNKNOWN_GUIDE' },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog } = await openSplit();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ivo Guide' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only members of the team can take a shift');
    expect(screen.getByRole('dialog', { name: 'Split between guides' })).toBeInTheDocument();
  });

  it('refuses counts outside 0 to 999', async () => {
    serveSlot({ bookings: sevenAdults(), guides: GUIDES });
    const { user, dialog } = await openSplit();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Gabriel Guide' }));
    await user.clear(adultsFor('Gabriel Guide'));
    await user.type(adultsFor('Gabriel Guide'), '1000');

    expect(adultsFor('Gabriel Guide')).toHaveAccessibleDescription('0 to 999');
    expect(adultsFor('Gabriel Guide')).toBeInvalid();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  describe('once bookings have guides', () => {
    // 36 adults: Gabriel leads Ana's 12 and Ben's 6, Hana leads Cy's 18.
    const ledBookings = () => [
      makeBooking({ name: 'Ana', customers: [{ Adults: 12 }], guide: 'Gabriel Guide' }),
      makeBooking({ name: 'Ben', customers: [{ Adults: 6 }], guide: 'Gabriel Guide' }),
      makeBooking({ name: 'Cy', customers: [{ Adults: 18 }], guide: 'Hana Guide' }),
    ];
    const ledShift = () =>
      makeShift(
        [
          { _id: 'guide-1', name: 'Gabriel Guide', counts: { Adults: 18 } },
          { _id: 'guide-2', name: 'Hana Guide', counts: { Adults: 18 } },
        ],
        { Adults: 36 },
      );

    it('says the counts follow the bookings, and gives a third guide none of the guests', async () => {
      const calls = serveSlot({ bookings: ledBookings(), guides: GUIDES, shift: ledShift() });
      const saves = serveSave(calls.held);
      const { user, dialog } = await openSplit();

      expect(within(dialog).getByText(/Counts follow the bookings assigned to each guide/)).toBeInTheDocument();
      expect(guestsPerGuide(dialog)).toEqual(['Gabriel Guide: 18 Adults', 'Hana Guide: 18 Adults']);
      expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Split evenly' })).not.toBeInTheDocument();

      await user.click(within(dialog).getByRole('checkbox', { name: 'Ivo Guide' }));
      expect(guestsPerGuide(dialog)).toEqual([
        'Gabriel Guide: 18 Adults',
        'Hana Guide: 18 Adults',
        'Ivo Guide: No guests',
      ]);
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(saves[0]?.body.selectedGuides.selectedItems.map((item) => item.attendees)).toEqual([
        [{ Adults: 18 }, { Teens: 0 }, { Children: 0 }],
        [{ Adults: 18 }, { Teens: 0 }, { Children: 0 }],
        [{ Adults: 0 }, { Teens: 0 }, { Children: 0 }],
      ]);
      expect(await screen.findByText('Ivo Guide: No guests')).toBeInTheDocument();
    });

    it('shows the guests of a guide left out, and of bookings without one, as unassigned', async () => {
      const bookings = [...ledBookings(), makeBooking({ name: 'Dan', customers: [{ Adults: 2 }, { Children: 1 }] })];
      serveSlot({ bookings, guides: GUIDES, shift: ledShift() });
      const { user, dialog } = await openSplit();

      await user.click(within(dialog).getByRole('checkbox', { name: 'Hana Guide' }));

      expect(guestsPerGuide(dialog)).toEqual(['Gabriel Guide: 18 Adults', 'Unassigned: 20 Adults, 1 Child']);
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Assigned guests (18 adults, 0 children) do not match the slot total (38 adults, 1 child)',
      );
    });

    it('shows the unassigned guests beside the guides in the slot header', async () => {
      const bookings = [...ledBookings(), makeBooking({ name: 'Dan', customers: [{ Adults: 2 }] })];
      serveSlot({ bookings, guides: GUIDES, shift: ledShift() });
      renderRoute(SLOT_PATH, { preloadedState: signedIn() });

      expect(await screen.findByText('Unassigned: 2 Adults')).toBeInTheDocument();
      expect(screen.getByText('Gabriel Guide: 18 Adults')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Split*' })).toBeInTheDocument();
    });
  });
});
