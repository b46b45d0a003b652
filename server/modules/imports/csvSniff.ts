import { DELIMITERS, type DelimiterName, type ImportEncoding } from '../../../src/domain/imports';

const SNIFF_BYTES = 4096;

/**
 * The encoding of a file from its first bytes: a byte order mark says it outright; without one, UTF-16 text has a
 * zero in every other byte, and bytes that are not UTF-8 are taken as Windows' Western encoding (Excel's CSV).
 */
export function detectEncoding(bytes: Uint8Array): ImportEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const sample = bytes.subarray(0, SNIFF_BYTES);
  let evenZeros = 0;
  let oddZeros = 0;
  sample.forEach((byte, i) => {
    if (byte !== 0) return;
    if (i % 2 === 0) evenZeros += 1;
    else oddZeros += 1;
  });
  if (oddZeros > sample.length / 4) return 'utf-16le';
  if (evenZeros > sample.length / 4) return 'utf-16be';
  try {
    // `stream`: a character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The delimiter the header line uses most, outside quotes; a comma when it has none. */
export function detectDelimiter(text: string): DelimiterName {
  const counts: Record<DelimiterName, number> = { comma: 0, semicolon: 0, tab: 0 };
  const byChar = new Map<string, DelimiterName>(
    Object.entries(DELIMITERS).map(([name, char]) => [char, name as DelimiterName]),
  );
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted) {
      const name = byChar.get(char);
      if (name) counts[name] += 1;
    }
  }
  const best = (Object.keys(counts) as DelimiterName[]).reduce((a, b) => (counts[b] > counts[a] ? b : a));
  return counts[best] > 0 ? best : 'comma';
}
