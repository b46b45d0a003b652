/** A booking's own short code: no 0/O/1/I, so it reads back unambiguously from paper or a screen. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const REFERENCE_LENGTH = 8;
/** What a scan or a typed code may be: a voucher's text, not a document. */
export const SCAN_CODE_MAX = 500;
export const SCAN_PATTERN_MAX = 200;

const REFERENCE_PATTERN = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);
/** The path a booking's QR code opens: `{origin}/b/{reference}`. */
const REFERENCE_URL = /\/b\/([A-Za-z0-9-]+)/;
/** A channel's reference in a longer text is a run of these: codes carry dashes, dots and underscores. */
const CHANNEL_TOKEN = /[A-Za-z0-9._-]+/g;
const CHANNEL_TOKEN_MIN = 4;
const CHANNEL_TOKENS_MAX = 50;

export const bookingReferenceUrl = (origin: string, reference: string): string => `${origin}/b/${reference}`;

/** A code as typed or read: case, spaces and dashes ignored ("abcd-2345" is ABCD2345). */
export const normalisedReference = (code: string): string => code.replace(/[\s-]+/g, '').toUpperCase();

export const isBookingReference = (code: string): boolean => REFERENCE_PATTERN.test(code);

/** A source's pattern as the scan reads it: the channel's reference is its first group. */
export interface SourcePattern {
  source: string;
  pattern: string;
}

/** What a scanned or typed code may name a booking by. */
export interface ScanCandidates {
  /** Tourdesk references, normalised. */
  references: string[];
  /** Channel references found by a source's pattern: only that source's bookings match them. */
  sourceReferences: Array<{ source: string; bookingId: string }>;
  /** Channel references of any source, lower case (a channel's own code, or a word of a voucher's text). */
  channelReferences: string[];
}

/**
 * The references a code may carry: the whole code, the reference of a booking's URL, or one of the words of a
 * voucher's text; and what each source's pattern extracts from it.
 */
export function scanCandidates(code: string, patterns: readonly SourcePattern[] = []): ScanCandidates {
  const text = code.trim();
  const references = new Set<string>();
  const whole = normalisedReference(text);
  if (isBookingReference(whole)) references.add(whole);
  const url = REFERENCE_URL.exec(text)?.[1];
  if (url && isBookingReference(normalisedReference(url))) references.add(normalisedReference(url));
  const tokens = (text.match(CHANNEL_TOKEN) ?? []).slice(0, CHANNEL_TOKENS_MAX);
  for (const token of tokens) {
    const reference = normalisedReference(token);
    if (isBookingReference(reference)) references.add(reference);
  }

  const sourceReferences: ScanCandidates['sourceReferences'] = [];
  for (const { source, pattern } of patterns) {
    const bookingId = compiledPattern(pattern)?.exec(text)?.[1]?.trim();
    if (bookingId) sourceReferences.push({ source, bookingId });
  }

  const channel = new Set<string>([text.toLowerCase()]);
  for (const token of tokens) if (token.length >= CHANNEL_TOKEN_MIN) channel.add(token.toLowerCase());
  return { references: [...references], sourceReferences, channelReferences: [...channel] };
}

function compiledPattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'i');
  } catch {
    return undefined;
  }
}

/**
 * Why a source's scan pattern cannot be used, or undefined when it can: it must compile, have a group for the
 * reference, and stay clear of what makes a regular expression take exponential time on a long text (a
 * quantifier on a group that has one itself, back-references).
 */
export function scanPatternProblem(pattern: string): string | undefined {
  if (pattern.length > SCAN_PATTERN_MAX) return `At most ${SCAN_PATTERN_MAX} characters`;
  const compiled = compiledPattern(pattern);
  if (!compiled) return 'Not a valid regular expression';
  // A match of the empty string's groups counts them: one more than the pattern's own groups is a capture group.
  const groups = new RegExp(`${pattern}|`).exec('')?.length ?? 1;
  if (groups < 2) return 'Needs a group, in brackets, around the reference';
  if (/\\[1-9]|\\k</.test(pattern)) return 'Back-references are not allowed';
  if (hasNestedQuantifier(pattern)) return 'A repeated group may not repeat inside itself';
  return undefined;
}

const QUANTIFIER_START = /[*+?{]/;

/** Whether a quantified group holds a quantifier or an alternative (star height above one, e.g. `(a+)+`). */
function hasNestedQuantifier(pattern: string): boolean {
  const open: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') open.push(false);
    else if (char === '|' && open.length > 0) open[open.length - 1] = true;
    else if (char === ')') {
      const repeats = open.pop() ?? false;
      const next = pattern[i + 1] ?? '';
      if (repeats && QUANTIFIER_START.test(next)) return true;
      if (repeats && open.length > 0) open[open.length - 1] = true;
    } else if (QUANTIFIER_START.test(char) && open.length > 0 && pattern[i - 1] !== '(') {
      open[open.length - 1] = true;
    }
  }
  return false;
}
