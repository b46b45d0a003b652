import { Transform, pipeline, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { DELIMITERS, IMPORT_BYTES_MAX, type DelimiterName, type ImportEncoding } from '../../../src/domain/imports';
import { PayloadTooLargeError } from '../../errors';

export interface CsvReading {
  encoding: ImportEncoding;
  delimiter: DelimiterName;
  /** A record the parser could not read (an unclosed quote): its message. */
  onUnreadable(message: string): void;
}

export interface CsvRecords {
  records: AsyncIterable<string[]>;
  /** Bytes of the file read so far, for progress. */
  bytesRead(): number;
}

/**
 * A file's records as it arrives: decoded (the byte order mark dropped), parsed, and read only as fast as they are
 * used, so a 50,000-row file is never held whole.
 */
export function csvRecords(body: Readable, reading: CsvReading): CsvRecords {
  let bytes = 0;
  const decoder = new TextDecoder(reading.encoding);
  const decode = new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > IMPORT_BYTES_MAX)
        done(new PayloadTooLargeError(`The file is larger than ${IMPORT_BYTES_MAX >> 20} MiB`));
      else done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
  const parser = parse({
    delimiter: DELIMITERS[reading.delimiter],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (err) => {
      if (err) reading.onUnreadable(err.message);
    },
  });
  const records = pipeline(body, decode, parser, () => undefined) as AsyncIterable<string[]>;
  return { records, bytesRead: () => bytes };
}
