import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { DELIMITERS, INSPECT_BYTES_MAX, type DelimiterName } from '../../../src/domain/imports';
import type { InspectedFile } from '../../../src/domain/schemas/imports';
import { BadRequestError, PayloadTooLargeError } from '../../errors';
import { detectDelimiter, detectEncoding } from './csvSniff';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

const SAMPLE_ROWS = 5;

async function readAll(body: Readable, max: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > max) throw new PayloadTooLargeError(`Send at most the file's first ${max >> 10} KiB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The start of a file (the app sends its first 64 KiB): its encoding, delimiter, header and first rows. */
export async function inspectFile(body: Readable, delimiter?: DelimiterName): Promise<InspectedFile> {
  const bytes = await readAll(body, INSPECT_BYTES_MAX);
  const encoding = detectEncoding(bytes);
  const text = new TextDecoder(encoding).decode(bytes);
  const chosen = delimiter ?? detectDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: DELIMITERS[chosen],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to: SAMPLE_ROWS + 1,
    });
  } catch {
    throw new BadRequestError(ERROR_MESSAGES.NOT_CSV, 'NOT_CSV');
  }
  const [header, ...sample] = records;
  if (!header) throw new BadRequestError(ERROR_MESSAGES.EMPTY_FILE, 'EMPTY_FILE');
  const columns = header.map((name, i) => name.trim() || `Column ${i + 1}`);
  return { encoding, delimiter: chosen, columns, sample };
}
