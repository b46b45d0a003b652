import { screen, within } from '@testing-library/react';
import type { Company } from '../../src/domain/company';
import { company, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { DAY_LABEL, makeBooking, serveSlot, SLOT_PATH } from './slotFixtures';

const bookings = [
  makeBooking({ name: 'Ana', customers: [{ Adults: 2 }], source: 'Walkin' }),
  makeBooking({ name: 'Ben', customers: [{ Adults: 1 }, { Children: 2 }], source: 'Viator' }),
  makeBooking({ name: 'Carl', customers: [{ Adults: 9 }], source: 'Viator', cancelled: true }),
];

const HEADLINE = `${DAY_LABEL} 10:30 Old Town Walk\nTotal: 5 (Adults: 3, Children: 2)`;
const PER_SOURCE = 'Viator: Adults: 1, Children: 2\nWalkin: Adults: 2';

function renderSlot(companyOverrides: Partial<Company> = {}, role: 'Manager' | 'Guide' = 'Manager') {
  serveSlot({ bookings });
  const view = renderRoute(SLOT_PATH, {
    preloadedState: signedIn(makeUser({ role, assignable: false, company: { ...company, ...companyOverrides } })),
  });
  // user-event's clipboard stub cannot be read back under jest-fixed-jsdom (its Blob is not jsdom's).
  const clipboard = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  return { ...view, clipboard };
}

describe('copy pax', () => {
  it('copies the date, time, tour, totals per type and per source, and says so', async () => {
    const { user, clipboard } = renderSlot();
    await user.click(await screen.findByRole('button', { name: 'Copy pax' }));

    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(clipboard).toHaveBeenCalledWith(`${HEADLINE}\n${PER_SOURCE}`);
  });

  it('leaves the sources out of the copy when the company hides them there', async () => {
    const { user, clipboard } = renderSlot({ hideSourcesCopyOnly: true });
    await user.click(await screen.findByRole('button', { name: 'Copy pax' }));

    await screen.findByText('Copied to clipboard');
    expect(clipboard).toHaveBeenCalledWith(HEADLINE);
  });

  it('leaves the sources out for a Guide who is not shown them', async () => {
    const { user, clipboard } = renderSlot({ display: false, displaySourcesModal: true }, 'Guide');
    await user.click(await screen.findByRole('button', { name: 'Copy pax' }));

    await screen.findByText('Copied to clipboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(clipboard).toHaveBeenCalledWith(HEADLINE);
  });

  it('first shows the guests per source when the company asks for it, and copies from there', async () => {
    const { user, clipboard } = renderSlot({ displaySourcesModal: true });
    await user.click(await screen.findByRole('button', { name: 'Copy pax' }));

    const dialog = await screen.findByRole('dialog', { name: 'Guests per source' });
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Source', 'Adults', 'Children', 'Total'],
      ['Viator', '1', '2', '3'],
      ['Walkin', '2', '0', '2'],
    ]);
    expect(clipboard).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(clipboard).toHaveBeenCalledWith(`${HEADLINE}\n${PER_SOURCE}`);
  });

  it('says so when the clipboard refuses', async () => {
    const { user, clipboard } = renderSlot();
    clipboard.mockRejectedValue(new Error('Not allowed'));
    await user.click(await screen.findByRole('button', { name: 'Copy pax' }));

    expect(await screen.findByText('Could not copy to the clipboard')).toBeInTheDocument();
    expect(screen.queryByText('Copied to clipboard')).not.toBeInTheDocument();
  });
});
