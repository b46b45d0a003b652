import fc from 'fast-check';
import {
  decodeNameList,
  encodeNameList,
  hasNoShow,
  isEncodedNameList,
  noShows,
  rangeInstants,
  readNameList,
} from '../../src/domain/reports';

describe('report name lists', () => {
  it.each([
    [['Walkin', 'Viator'], 'Walkin-Viator'],
    [['Hop-On Harbour Cruise', 'Old Town Walk'], 'Hop~dOn Harbour Cruise-Old Town Walk'],
    [['a~b', '-', '~-~'], 'a~~b-~d-~~~d~~'],
  ])('%p ↔ %s', (names, joined) => {
    expect(encodeNameList(names)).toBe(joined);
    expect(decodeNameList(joined)).toEqual(names);
    expect(isEncodedNameList(joined)).toBe(true);
  });

  it('round-trips any non-empty names, dashes, tildes and spaces included', () => {
    const name = fc.string({ unit: fc.constantFrom('a', 'B', ' ', '-', '~', 'é', 'd'), minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 6 }), (names) => {
        expect(decodeNameList(encodeNameList(names))).toEqual(names);
      }),
    );
  });

  it('spots a malformed list', () => {
    expect(isEncodedNameList('a~x')).toBe(false);
    expect(isEncodedNameList('a--b')).toBe(false);
    expect(isEncodedNameList('')).toBe(false);
  });
});

describe("readNameList: a list read against the company's names", () => {
  const TOURS = [
    'Old Town Walk',
    'Hop-On Harbour Cruise',
    'Hop',
    'On Foot',
    'Tapas-Night',
    'Night-Market',
    'Tapas',
    'Market',
  ];
  it.each([
    ['the encoding', 'Hop~dOn Harbour Cruise-Old Town Walk', { names: ['Hop-On Harbour Cruise', 'Old Town Walk'] }],
    ['a raw dash inside a name', 'Hop-On Harbour Cruise', { names: ['Hop-On Harbour Cruise'] }],
    [
      'raw dashes inside and between names',
      'Old Town Walk-Hop-On Harbour Cruise',
      { names: ['Old Town Walk', 'Hop-On Harbour Cruise'] },
    ],
    ['names in another case, as the company spells them', 'old town walk', { names: ['Old Town Walk'] }],
    ['dashes between names that are all known, before any re-joining', 'Hop-On Foot', { names: ['Hop', 'On Foot'] }],
    ['an unknown name', 'Old Town Walk-Sunset Sail', { unknown: ['Sunset Sail'] }],
    ['pieces no name covers', 'Hop-On Harbour Cruse', { unknown: ['On Harbour Cruse'] }],
    [
      'a raw list with two readings',
      'Tapas-Night-Market',
      {
        ambiguous: [
          ['Tapas', 'Night-Market'],
          ['Tapas-Night', 'Market'],
        ],
      },
    ],
    ['a reading only an escape makes', 'Tapas~dNight-Old Town Walk', { names: ['Tapas-Night', 'Old Town Walk'] }],
  ])('reads %s', (_case, joined, reading) => {
    expect(readNameList(joined, TOURS)).toEqual(reading);
  });

  it('names the whole list when its pieces belong to names that overlap', () => {
    expect(readNameList('Tapas-Night-Owl', ['Tapas-Night', 'Night-Owl'])).toEqual({ unknown: ['Tapas-Night-Owl'] });
  });

  it('reads back what the client encodes, whatever the names', () => {
    const name = fc.string({ unit: fc.constantFrom('a', 'B', ' ', '-', '~', 'd'), minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 6, selector: (n) => n.toLowerCase() }), (names) => {
        expect(readNameList(encodeNameList(names), names)).toEqual({ names });
      }),
    );
  });
});

describe('rangeInstants', () => {
  it('runs from midnight of the first day to 23:59:59.999 of the last, in the company zone', () => {
    const { from, to } = rangeInstants('2026-06-01', '2026-06-30', 'Europe/Madrid');
    expect(from.toISOString()).toBe('2026-05-31T22:00:00.000Z');
    expect(to.toISOString()).toBe('2026-06-30T21:59:59.999Z');
  });

  it('follows the zone’s offset on each end (winter start, summer end)', () => {
    const { from, to } = rangeInstants('2026-03-01', '2026-03-31', 'Europe/Madrid');
    expect(from.toISOString()).toBe('2026-02-28T23:00:00.000Z');
    expect(to.toISOString()).toBe('2026-03-31T21:59:59.999Z');
  });

  // Chile changes its clocks at midnight: 2026-09-06 has no 00:00 (the day starts at 01:00 -03), and 2026-04-04
  // ends with 23:00–23:59 twice. The edges agree with PostgreSQL's `timestamp at time zone`.
  it.each([
    ['2026-09-05', '2026-09-05T04:00:00.000Z', '2026-09-06T03:59:59.999Z'],
    ['2026-09-06', '2026-09-06T04:00:00.000Z', '2026-09-07T02:59:59.999Z'],
    ['2026-04-04', '2026-04-04T03:00:00.000Z', '2026-04-05T03:59:59.999Z'],
  ])('takes the exact first instant of %s where the clocks change at midnight', (day, from, to) => {
    const range = rangeInstants(day, day, 'America/Santiago');
    expect([range.from.toISOString(), range.to.toISOString()]).toEqual([from, to]);
  });
});

describe('noShows', () => {
  it.each([
    [4, 1, 3],
    [2, 2, 0],
    [0, 0, 0],
    [1, 3, 0],
  ])('%d booked, %d came → %d no-shows', (booked, attended, expected) => {
    expect(noShows(booked, attended)).toBe(expected);
  });
});

describe('hasNoShow', () => {
  const counts = (Adults: number, Teens: number, Children: number) => ({ Adults, Teens, Children });
  it.each([
    ['everyone came', false, counts(2, 1, 1), counts(2, 1, 1)],
    ['nobody was booked', false, counts(0, 0, 0), counts(0, 0, 0)],
    ['one adult missing', true, counts(2, 0, 0), counts(1, 0, 0)],
    ['only a teen missing', true, counts(2, 1, 0), counts(2, 0, 0)],
    ['only a child missing', true, counts(0, 0, 3), counts(0, 0, 2)],
    ['more came than booked', false, counts(1, 0, 0), counts(3, 0, 0)],
    ['an extra adult does not make up for a missing child', true, counts(1, 0, 1), counts(2, 0, 0)],
    ['nobody checked in yet', true, counts(2, 0, 0), counts(0, 0, 0)],
  ])('%s: has a no-show is %s', (_case, expected, booked, attended) => {
    expect(hasNoShow(booked, attended)).toBe(expected);
  });
});
