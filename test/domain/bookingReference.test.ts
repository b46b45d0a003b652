import { scanCandidates, scanPatternProblem } from '../../src/domain/bookingReference';

describe('what a scanned or typed code may name a booking by', () => {
  it.each([
    ['ABCD2345', ['ABCD2345']],
    ['abcd-2345', ['ABCD2345']],
    [' ABCD 2345 ', ['ABCD2345']],
    ['https://tours.example/b/abcd2345', ['ABCD2345']],
    ['Your booking ABCD-2345 on 1 July', ['ABCD2345']],
    // 0, O, 1 and I are never in a reference.
    ['ABCD2340', []],
    ['ABCDO345', []],
    ['ABCD234', []],
  ])('%s: references %j', (code, references) => {
    expect(scanCandidates(code).references).toEqual(references);
  });

  it('offers the whole code and the longer words of a text as channel references, in lower case', () => {
    expect(scanCandidates('GYG-77A1').channelReferences).toEqual(['gyg-77a1']);
    expect(scanCandidates('Ref: GYG-77A1, 2 adults').channelReferences).toEqual([
      'ref: gyg-77a1, 2 adults',
      'gyg-77a1',
      'adults',
    ]);
  });

  it('reads a source’s reference with its pattern, case ignored, and skips a pattern that does not match', () => {
    const patterns = [
      { source: 'Viator', pattern: '^BR-(V-\\d+)' },
      { source: 'GetYourGuide', pattern: 'gyg(\\d{6})' },
    ];
    expect(scanCandidates('br-V-9001-X1', patterns).sourceReferences).toEqual([
      { source: 'Viator', bookingId: 'V-9001' },
    ]);
    expect(scanCandidates('GYG123456', patterns).sourceReferences).toEqual([
      { source: 'GetYourGuide', bookingId: '123456' },
    ]);
  });
});

describe('a source’s scan pattern', () => {
  it.each([
    ['BR-(V-\\d+)', undefined],
    ['(?:ref|booking):\\s*([A-Z0-9-]+)', undefined],
    ['(?<reference>\\w+)', undefined],
    ['[(]x(\\d+)', undefined],
    ['VTR(', 'Not a valid regular expression'],
    ['VTR\\d+', 'Needs a group, in brackets, around the reference'],
    ['[(]\\d+[)]', 'Needs a group, in brackets, around the reference'],
    ['(a+)+', 'A repeated group may not repeat inside itself'],
    ['(a|aa)*(b)', 'A repeated group may not repeat inside itself'],
    ['(?:x(\\d*))*', 'A repeated group may not repeat inside itself'],
    ['(\\w)\\1', 'Back-references are not allowed'],
    [`(${'x'.repeat(199)})`, 'At most 200 characters'],
  ])('%s: %s', (pattern, problem) => {
    expect(scanPatternProblem(pattern)).toBe(problem);
  });
});
