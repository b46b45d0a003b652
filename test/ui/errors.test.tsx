import { errorCode, errorMessage } from '../../src/services/errors';

describe('errorMessage', () => {
  it.each([
    [
      'the server error text',
      { status: 401, data: { error: 'Invalid email or password', code: 'X' } },
      'Invalid email or password',
    ],
    ['the fallback for a body without error', { status: 500, data: 'Internal' }, 'Something went wrong'],
    [
      'a network message when the server is unreachable',
      { status: 'FETCH_ERROR', error: 'TypeError: fetch failed' },
      'Cannot reach the server. Check the connection and try again.',
    ],
    ['the fallback for a client exception', { name: 'TypeError', message: 'x is undefined' }, 'Something went wrong'],
    ['the fallback for nothing', undefined, 'Something went wrong'],
  ])('gives %s', (_case, error, expected) => {
    expect(errorMessage(error)).toBe(expected);
  });

  it('takes a custom fallback', () => {
    expect(errorMessage({ status: 'PARSING_ERROR' }, 'Could not load the bookings')).toBe(
      'Could not load the bookings',
    );
  });
});

describe('errorCode', () => {
  it.each([
    [
      'the server code',
      { status: 403, data: { error: 'Only Managers can see these tours', code: 'SLOT_HIDDEN' } },
      'SLOT_HIDDEN',
    ],
    ['nothing for a body without code', { status: 500, data: 'Internal' }, undefined],
    ['nothing for a network failure', { status: 'FETCH_ERROR', error: 'TypeError: fetch failed' }, undefined],
    ['nothing for nothing', undefined, undefined],
  ])('gives %s', (_case, error, expected) => {
    expect(errorCode(error)).toBe(expected);
  });
});
