import { notePreview, truncateBookingId, truncateEmail } from '../../src/domain/truncate';

describe('truncateEmail (spec §9: over 20 characters shows the first 17 plus dots)', () => {
  it.each([
    ['a@b.co', 'a@b.co'],
    ['exactly20chars@ab.cd', 'exactly20chars@ab.cd'],
    ['twentyone-chars@ab.cd', 'twentyone-chars@a...'],
    ['manager@demo.test', 'manager@demo.test'],
    ['a.very.long.address@example.com', 'a.very.long.addre...'],
  ])('%s → %s', (email, shown) => {
    expect(truncateEmail(email)).toBe(shown);
  });

  it('counts characters, not UTF-16 units', () => {
    const email = 'ñandú-ñandú-ñandú@x.es'; // 22 characters
    expect(truncateEmail(email)).toBe('ñandú-ñandú-ñandú...');
  });
});

describe('truncateBookingId (spec §2: over 8 characters shows the first 7 plus dots, empty shows No Id)', () => {
  it.each([
    ['', 'No Id'],
    [null, 'No Id'],
    [undefined, 'No Id'],
    ['1234567', '1234567'],
    ['12345678', '12345678'],
    ['123456789', '1234567...'],
    ['Manually added', 'Manuall...'],
  ])('%p → %s', (id, shown) => {
    expect(truncateBookingId(id)).toBe(shown);
  });
});

describe('notePreview (spec §4: over 100 characters shows the first 97 and a toggle)', () => {
  it('keeps a note of exactly 100 characters whole', () => {
    const note = 'n'.repeat(100);
    expect(notePreview(note)).toEqual({ text: note, truncated: false });
  });

  it('cuts a note of 101 characters to 97 plus dots', () => {
    const preview = notePreview('x'.repeat(101));
    expect(preview.truncated).toBe(true);
    expect(preview.text).toBe(`${'x'.repeat(97)}...`);
  });

  it('leaves an empty note alone', () => {
    expect(notePreview('')).toEqual({ text: '', truncated: false });
  });
});
