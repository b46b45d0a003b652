import { screen, within } from '@testing-library/react';
import { signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';

// What a guide sees when a page's chunk cannot be downloaded (weak signal, or a deploy removed the old chunk).
jest.mock('../../src/features/fees/FeesPage', () => {
  const error = new Error('Loading chunk fees failed.');
  error.name = 'ChunkLoadError';
  throw error;
});

describe('a page that fails to load', () => {
  beforeEach(() => {
    // React and the router report the caught error on the console; the test asserts what the user sees instead.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('offers a reload and keeps the header usable', async () => {
    renderRoute('/fees', { preloadedState: signedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('This page could not be downloaded. Check the connection and reload.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/guides');
  });

  it('leaves the error behind when the guide goes to another page', async () => {
    const { user, pathname } = renderRoute('/fees', { preloadedState: signedIn() });
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Something went wrong' })).not.toBeInTheDocument();
    expect(pathname()).toBe('/account');
  });
});
