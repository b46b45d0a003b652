import { foldForSearch, matchesSearch, type Searchable } from '../../src/domain/bookingSearch';

const ana: Searchable = { name: 'Ana Müller', bookingId: 'GYG-99812', phone: '+34 600 123 456' };

describe('the slot search (name, booking id or phone digits; accents and case ignored)', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['ana', true],
    ['MULLER', true],
    ['müller', true],
    ['ana mul', true],
    ['mul ana', true],
    ['gyg-998', true],
    ['99812', true],
    ['600 123', true],
    ['600123456', true],
    ['+34600', true],
    ['(600) 123-456', true],
    ['anna', false],
    ['ana smith', false],
    ['601', false],
    ['77', false],
    ['45', false],
  ])('%p → %p', (query, expected) => {
    expect(matchesSearch(ana, query)).toBe(expected);
  });

  it('finds a name written with accents from a query without them, and the other way round', () => {
    expect(matchesSearch({ name: 'José Núñez', bookingId: '' }, 'jose nunez')).toBe(true);
    expect(matchesSearch({ name: 'Jose Nunez', bookingId: '' }, 'JOSÉ')).toBe(true);
  });

  it('never searches a phone the viewer is not shown, or a booking without one', () => {
    expect(matchesSearch({ name: 'Ben', bookingId: 'V1' }, '600 123')).toBe(false);
    expect(matchesSearch({ name: 'Ben', bookingId: 'V1', phone: null }, '600 123')).toBe(false);
  });

  it('does not read letters in a query as phone digits', () => {
    expect(matchesSearch(ana, 'x600123')).toBe(false);
  });

  it('folds to lower case without marks', () => {
    expect(foldForSearch('Ñandú ÇA')).toBe('nandu ca');
  });
});
