import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ImportProgress, ImportSummary } from '../../src/domain/imports';
import { bearer } from './helpers';

/** Channel-style columns: 0 booking ref, 1 lead traveller, 2 travel date, 3 time, 4 product, 5 adults, 6 children, 7 status. */
export const CHANNEL_HEADER = 'Booking Ref;Lead Traveller;Travel Date;Start;Product;Adults;Children;Status';
export const CHANNEL_COLUMNS = {
  reference: '0',
  name: '1',
  date: '2',
  time: '3',
  tour: '4',
  adults: '5',
  children: '6',
  cancelled: '7',
};

export const channelQuery = (overrides: Record<string, string> = {}) => ({
  fileName: 'viator-2026-11.csv',
  encoding: 'utf-8',
  delimiter: 'semicolon',
  dateFormat: 'dd/MM/yyyy',
  fixedSource: 'Viator',
  ...CHANNEL_COLUMNS,
  ...overrides,
});

export const csvOf = (...rows: string[]) => [CHANNEL_HEADER, ...rows].join('\r\n') + '\r\n';

const answerOf = (res: LightMyRequestResponse) => {
  const lines =
    res.statusCode === 200
      ? res.body
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as ImportProgress)
      : [];
  const last = lines.at(-1);
  const summary = last?.type === 'done' ? last.summary : undefined;
  return { res, lines, summary: summary as ImportSummary };
};

/** Sends a file to preview or apply and reads the answer's lines; `summary` is the last line's. */
export async function sendImport(
  app: FastifyInstance,
  token: string,
  mode: 'preview' | 'apply',
  file: string | Buffer | Readable,
  query: Record<string, string> = channelQuery(),
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/imports/${mode}`,
    query,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: file,
  });
  return answerOf(res);
}

/**
 * A file sent in parts, as a slow upload arrives: the header at once, then the rows `send` is given, until `end`.
 * `answer` settles once the import has answered its last line.
 */
export function streamImport(
  app: FastifyInstance,
  token: string,
  mode: 'preview' | 'apply',
  query: Record<string, string> = channelQuery(),
) {
  const body = new PassThrough();
  body.write(`${CHANNEL_HEADER}\r\n`);
  const answer = app
    .inject({
      method: 'POST',
      url: `/api/imports/${mode}`,
      query,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      payload: body,
    })
    .then(answerOf);
  return {
    send: (...rows: string[]) => body.write(rows.map((row) => `${row}\r\n`).join('')),
    end: () => body.end(),
    answer,
  };
}

/** `count` channel rows from booking B-`from` on, on 3 December at 11:00, for 2 adults of `tour`. */
export const bookingRows = (from: number, count: number, tour = 'Old Town Walk') =>
  Array.from({ length: count }, (_, i) => `B-${from + i};Guest ${from + i};03/12/2026;11:00;${tour};2;0;`);
