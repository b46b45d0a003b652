import { guessColumns, importQuery, initialForm, mappingProblems, withSource } from '../../src/domain/importMapping';
import { guessDateFormat, readImportRow, type ImportCatalog, type RowPlan } from '../../src/domain/importRow';

const catalog: ImportCatalog = {
  tours: new Map([['old town walk', 'Old Town Walk']]),
  sources: new Map([['viator', 'Viator']]),
};
// reference, name, date, time, tour, adults, children, cancelled, phone
const plan: RowPlan = {
  columns: { reference: 0, name: 1, date: 2, time: 3, tour: 4, adults: 5, children: 6, cancelled: 7, phone: 8 },
  dateFormat: 'dd/MM/yyyy',
  fixedSource: 'Viator',
};
const row = (overrides: Record<number, string> = {}) => {
  const cells = ['V-1', ' José Núñez ', '01/12/2026', '10:00', 'old town walk', '2', '', 'Confirmed', ''];
  for (const [i, value] of Object.entries(overrides)) cells[Number(i)] = value;
  return readImportRow(cells, plan, catalog);
};
const reason = (overrides: Record<number, string>) => {
  const read = row(overrides);
  return 'reason' in read ? read.reason : 'read';
};

describe('a CSV row read as a booking', () => {
  it('trims, names the tour and source as the company spells them, and reads empty counts as 0', () => {
    expect(row()).toEqual({
      booking: {
        reference: 'V-1',
        source: 'Viator',
        name: 'José Núñez',
        date: '2026-12-01',
        time: '10:00',
        tour: 'Old Town Walk',
        phone: null,
        counts: { Adults: 2, Teens: 0, Children: 0 },
        cancelled: false,
      },
    });
  });

  it.each([
    ['25/11/2026 9:05 pm', '21:05'],
    ['2026-11-25T10:00:00Z', '10:00'],
    ['12:30 AM', '00:30'],
    ['7:45', '07:45'],
  ])('reads the time in %s as %s', (cell, time) => {
    expect(row({ 3: cell })).toMatchObject({ booking: { time } });
  });

  it('reads the date of a cell that also holds the time, in each format', () => {
    expect(row({ 2: '1/12/2026 10:00' })).toMatchObject({ booking: { date: '2026-12-01' } });
    const iso = readImportRow(
      ['V', 'A', '2026-12-01T10:00:00', '10:00', 'Old Town Walk', '1'],
      { ...plan, dateFormat: 'yyyy-MM-dd' },
      catalog,
    );
    expect(iso).toMatchObject({ booking: { date: '2026-12-01' } });
    const us = readImportRow(
      ['V', 'A', 'Dec 1, 2026', '10:00', 'Old Town Walk', '1'],
      { ...plan, dateFormat: 'MMM d, yyyy' },
      catalog,
    );
    expect(us).toMatchObject({ booking: { date: '2026-12-01' } });
  });

  it.each([
    [{ 0: '' }, 'Booking ID: missing'],
    [
      { 0: 'Manually added' },
      'Booking ID: "Manually added" marks a booking made in Tourdesk; it is no channel\'s reference',
    ],
    [{ 1: '' }, 'Name: missing'],
    [{ 2: '31/02/2026' }, 'Date: "31/02/2026" is not a date as dd/MM/yyyy'],
    [{ 2: '2026-12-01' }, 'Date: "2026-12-01" is not a date as dd/MM/yyyy'],
    [{ 3: '25:00' }, 'Time: "25:00" is not a time'],
    [{ 3: 'morning' }, 'Time: "morning" is not a time'],
    [{ 4: 'Night Kayak' }, 'Tour: "Night Kayak" is not one of this company\'s tours or their other names (Settings)'],
    [{ 5: 'two' }, 'Adults: "two" is not a whole number'],
    [{ 5: '26' }, 'Adults: 26 is more than 25'],
    [{ 5: '0' }, 'Adults: a booking has at least one guest'],
    [{ 7: 'maybe' }, 'Cancelled: "maybe" is not yes or no'],
    [{ 8: 'call me' }, 'Phone: "call me" is not a phone number'],
    [{ 1: 'Ana\u0000García' }, 'Name: text cannot contain NUL characters'],
    [{ 0: 'V-\u00001' }, 'Booking ID: text cannot contain NUL characters'],
    [{ 7: '\u0000' }, 'Cancelled: text cannot contain NUL characters'],
  ])('rejects %j: %s', (overrides, expected) => {
    expect(reason(overrides)).toBe(expected);
  });

  it('names the tour a row uses when no tour has that name, and only then', () => {
    expect(row({ 4: ' Night Kayak ' })).toMatchObject({ unknownTour: 'Night Kayak' });
    expect(row({ 2: '31/02/2026', 4: 'Night Kayak' })).not.toHaveProperty('unknownTour');
    expect(row({ 4: '' })).not.toHaveProperty('unknownTour');
  });

  it('reads cancellations in the words exports use, with or without guests', () => {
    for (const word of ['Cancelled', 'canceled', 'YES', 'x', '1']) {
      expect(row({ 7: word, 5: '0' })).toMatchObject({ booking: { cancelled: true } });
    }
    for (const word of ['', 'Confirmed', 'no', 'active'])
      expect(row({ 7: word })).toMatchObject({ booking: { cancelled: false } });
  });

  it('keeps the phone undefined when the file has no phone column, so the booking keeps its own', () => {
    const { phone: _phone, ...columns } = plan.columns;
    const read = readImportRow(
      ['V-1', 'A', '01/12/2026', '10:00', 'Old Town Walk', '2'],
      { ...plan, columns },
      catalog,
    );
    expect('booking' in read && read.booking.phone).toBeUndefined();
  });
});

describe('the mapping of a file', () => {
  const header = ['Booking Ref', 'Lead Traveller', 'Travel Date', 'Start', 'Product', 'Adults', 'Child', 'Status'];

  it('guesses the columns from channel words, each column for one field', () => {
    expect(guessColumns(header)).toEqual({
      reference: 0,
      name: 1,
      date: 2,
      time: 3,
      tour: 4,
      adults: 5,
      children: 6,
      cancelled: 7,
    });
    expect(guessColumns(['Date', 'Travel date'])).toEqual({ date: 1 });
  });

  it('guesses the date format that reads the most dates: a day over 12 tells day-first', () => {
    expect(guessDateFormat(['05/11/2026', '25/11/2026', '31/02/2026'])).toBe('dd/MM/yyyy');
    expect(guessDateFormat(['11/25/2026'])).toBe('MM/dd/yyyy');
    expect(guessDateFormat(['25.11.2026'])).toBe('dd.MM.yyyy');
    expect(guessDateFormat([])).toBe('yyyy-MM-dd');
  });

  it('takes a remembered mapping that the header fits, by column name, and names what is still missing', () => {
    const viator = {
      source: 'Viator',
      dateFormat: 'dd/MM/yyyy' as const,
      columns: {
        reference: 'booking ref',
        name: 'Lead Traveller',
        date: 'Travel Date',
        time: 'Start',
        tour: 'Product',
        adults: 'Adults',
      },
    };
    const moved = ['Adults', ...header.slice(0, 5)];
    expect(initialForm(moved, 'comma', 'yyyy-MM-dd', [viator])).toEqual({
      source: 'Viator',
      delimiter: 'comma',
      dateFormat: 'dd/MM/yyyy',
      columns: { reference: 1, name: 2, date: 3, time: 4, tour: 5, adults: 0 },
    });
    const other = initialForm(['Ref', 'Who'], 'comma', 'yyyy-MM-dd', [viator]);
    expect(other.source).toBe('');
    expect(mappingProblems(other)).toEqual({
      name: 'Name: choose its column',
      date: 'Date: choose its column',
      time: 'Time: choose its column',
      tour: 'Tour: choose its column',
      source: 'Source: choose a column or one source for the file',
      adults: 'Adults: choose the column of at least one count',
    });
    expect(withSource(other, 'Viator', ['Ref', 'Who'], [viator])).toEqual({ ...other, source: 'Viator' });
  });

  it('prefers the mapping chosen for this very header, whatever the case and spacing, over a later one it fits', () => {
    const fileHeader = ['Ref', 'Guest', 'Day', 'Start', 'Product', 'Adults', 'Guest phone'];
    const base = { reference: 'Ref', date: 'Day', time: 'Start', tour: 'Product', adults: 'Adults' };
    // The latest first, as the server lists them: a website file's mapping that this file also fits.
    const website = {
      source: '',
      dateFormat: 'yyyy-MM-dd' as const,
      header: ['Ref', 'Guest'],
      columns: { ...base, name: 'Guest' },
    };
    const gyg = {
      source: 'GetYourGuide',
      dateFormat: 'dd.MM.yyyy' as const,
      header: ['ref', 'GUEST', 'day', 'start ', 'product', 'adults', 'guest_phone'],
      columns: { ...base, name: 'Guest', phone: 'Guest phone' },
    };
    expect(initialForm(fileHeader, 'comma', 'yyyy-MM-dd', [website, gyg])).toEqual({
      source: 'GetYourGuide',
      delimiter: 'comma',
      dateFormat: 'dd.MM.yyyy',
      columns: { reference: 0, name: 1, date: 2, time: 3, tour: 4, adults: 5, phone: 6 },
    });
    expect(initialForm(fileHeader.slice(0, 6), 'comma', 'yyyy-MM-dd', [website, gyg]).source).toBe('');
    const chosen = withSource(initialForm(fileHeader, 'comma', 'yyyy-MM-dd', []), 'GetYourGuide', fileHeader, [
      website,
      gyg,
    ]);
    expect(chosen).toMatchObject({ source: 'GetYourGuide', dateFormat: 'dd.MM.yyyy', columns: { phone: 6 } });
  });

  it('sends the fixed source instead of a source column', () => {
    const form = {
      source: 'Viator',
      delimiter: 'tab' as const,
      dateFormat: 'yyyy-MM-dd' as const,
      columns: { reference: 0, source: 3 },
    };
    expect(importQuery(form, 'a.csv', 'utf-16le')).toEqual({
      fileName: 'a.csv',
      encoding: 'utf-16le',
      delimiter: 'tab',
      dateFormat: 'yyyy-MM-dd',
      fixedSource: 'Viator',
      reference: '0',
    });
  });
});
