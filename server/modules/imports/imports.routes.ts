import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImportProgress } from '../../../src/domain/imports';
import {
  changedBookingSchema,
  importMappingSchema,
  importParamsSchema,
  importQuerySchema,
  inspectedFileSchema,
  inspectQuerySchema,
  pastImportSchema,
  refusedChangeSchema,
  type ImportQuery,
} from '../../../src/domain/schemas/imports';
import { AppError } from '../../errors';
import type { Metrics } from '../../lib/metrics';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import { errorResponse, errors, INPUT, JSON_BODY, MANAGER } from '../../lib/errorResponses';
import { requireManager } from '../../db/signedIn';
import type { ImportLimiter } from './importLimiter';
import type { ImportsService, OpenedImport } from './imports.service';
import { inspectFile } from './inspectFile';

const tags = ['Imports'];
/** A file as the body: another type is refused (JSON by the parser, before the route), an empty one names it. */
const FILE = {
  400: ['EMPTY_FILE'],
  413: ['PAYLOAD_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
} as const;
const undoRefused = errorBodySchema.extend({
  details: z
    .object({ changed: z.number(), bookings: z.array(changedBookingSchema) })
    .optional()
    .describe('With `IMPORT_CHANGED_SINCE`: how many bookings changed since, and the first of them.'),
});
/** The file is read as it arrives, never buffered whole by Fastify. */
const FILE_TYPES = ['text/csv', 'text/tab-separated-values', 'application/octet-stream'];
const progressLines = {
  description:
    'Newline-delimited JSON: `{"type":"progress","rows","bytes"}` after each batch of rows, then ' +
    '`{"type":"done","summary"}` (the summary below) or `{"type":"error","error"}`.',
  content: {
    'application/x-ndjson': {
      schema: z
        .any()
        .describe(
          "The summary: rows, counts per outcome, and the first rows of each outcome listed. A listed row's `reason` " +
            'is English; beside it `reasonMessage` (`{ field?, message, values? }`: an ICU message in English and its ' +
            "values, after the field's name when it names one) or, for an update, `changes` (`[{ field, from, to }]`) " +
            "lets a client word it in its reader's language.",
        ),
    },
  },
};

function fileOf(request: FastifyRequest): Readable {
  if (request.body instanceof Readable) return request.body;
  throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file itself, as text/csv');
}

export interface ImportsRoutesOptions {
  imports: ImportsService;
  limiter: ImportLimiter;
  /** A preview or an import whose connection carries nothing either way for this long is ended (its socket closed). */
  stallTimeoutMs: number;
  metrics: Metrics;
}

/** Bulk CSV import of channel bookings, for Managers: inspect a file, preview it, apply it. */
export const importsRoutes: FastifyPluginAsyncZod<ImportsRoutesOptions> = async (app, opts) => {
  const { imports } = opts;
  app.addContentTypeParser(FILE_TYPES, (_request, payload, done) => done(null, payload));

  /** The answer is streamed: progress lines while the rows are read, then the summary (or what stopped it). */
  async function streamed(
    request: FastifyRequest<{ Querystring: ImportQuery }>,
    reply: FastifyReply,
    mode: 'preview' | 'apply',
  ) {
    const caller = requireManager(request);
    // Counted before the file is read; the place comes back once the run has ended, however it ends.
    const release = opts.limiter.acquire(caller.companyId);
    let opened: OpenedImport;
    try {
      reply.raw.setTimeout(opts.stallTimeoutMs, () => reply.raw.destroy());
      opened = await imports.open(caller, request.query, fileOf(request));
    } catch (err) {
      release();
      throw err;
    }
    const out = new PassThrough();
    const send = (line: ImportProgress) => out.write(`${JSON.stringify(line)}\n`);
    void opened
      .run(mode, send)
      .then(
        (summary) => {
          for (const [outcome, rows] of Object.entries(summary.counts))
            opts.metrics.importRows.inc({ mode, outcome }, rows);
          send({ type: 'done', summary });
        },
        (err: unknown) => {
          if (!(err instanceof AppError)) request.log.error({ err }, 'import stopped');
          const error = err instanceof AppError ? err.message : 'The import stopped: an error on the server';
          send({ type: 'error', error });
        },
      )
      .finally(() => {
        release();
        out.end();
      });
    return reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(out);
  }

  app.post(
    '/api/imports/inspect',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: "A file's encoding, delimiter, header and first rows",
        description: "Body: the file's first bytes (up to 256 KiB) as they are, `Content-Type: text/csv`.",
        operationId: 'inspectImportFile',
        querystring: inspectQuerySchema,
        response: { 200: inspectedFileSchema, ...errors(MANAGER, INPUT, JSON_BODY, FILE, { 400: ['NOT_CSV'] }) },
      },
    },
    async (request) => {
      requireManager(request);
      return inspectFile(fileOf(request), request.query.delimiter);
    },
  );

  for (const mode of ['preview', 'apply'] as const) {
    app.post(
      `/api/imports/${mode}`,
      {
        config: { access: 'manager' },
        // Compressed, the progress lines would wait in the compressor's buffer.
        compress: false,
        schema: {
          tags,
          summary: mode === 'preview' ? 'What a mapped file would do, row by row' : 'Import a mapped file',
          operationId: mode === 'preview' ? 'previewImport' : 'applyImport',
          description:
            'Body: the whole file as it is, `Content-Type: text/csv` (UTF-8 or UTF-16; the encoding and the ' +
            "delimiter as `inspect` answered). The query maps each field to a column, by the column's index. A " +
            'company runs a few previews and imports at once (429 `IMPORT_LIMIT` past them); an upload that sends ' +
            'nothing for 30 seconds is ended.',
          querystring: importQuerySchema,
          response: {
            200: progressLines,
            ...errors(MANAGER, INPUT, JSON_BODY, FILE, { 400: ['BAD_REQUEST'], 429: ['IMPORT_LIMIT'] }),
          },
        },
      },
      (request, reply) => streamed(request, reply, mode),
    );
  }

  app.get(
    '/api/imports/mappings',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'The column mapping last used per source',
        operationId: 'getImportMappings',
        response: { 200: z.array(importMappingSchema), ...errors(MANAGER) },
      },
    },
    async (request) => imports.mappings(requireManager(request)),
  );

  app.get(
    '/api/imports',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'The recent imports',
        operationId: 'getRecentImports',
        response: { 200: z.array(pastImportSchema), ...errors(MANAGER) },
      },
    },
    async (request) => imports.recent(requireManager(request)),
  );

  app.get(
    '/api/imports/refused-changes',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Changes refused because guests were checked in',
        description:
          'The channel API’s writes and imports’ rows that would have cancelled a booking with guests checked in, ' +
          'moved it to another date, time or tour, or left it fewer guests than checked in: none was made. The ' +
          'latest 100, newest first, each with the booking as it is now and what was asked.',
        operationId: 'getRefusedChanges',
        response: { 200: z.array(refusedChangeSchema), ...errors(MANAGER) },
      },
    },
    async (request) => imports.refusedChanges(requireManager(request)),
  );

  app.post(
    '/api/imports/:id/undo',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Undo an import',
        operationId: 'undoImport',
        description:
          'Within 24 hours of its end: each booking it created is cancelled and each it updated or cancelled is put ' +
          'back as it was, all or nothing, each an event in its history. An import that stopped before the end of ' +
          'its file (its server too) is undone as far as it went. 409 `IMPORT_CHANGED_SINCE` when any of its ' +
          'bookings was checked in or changed since (`details` names them), `IMPORT_UNDO_EXPIRED` past 24 hours, ' +
          '`IMPORT_ALREADY_UNDONE`, `IMPORT_RUNNING` while it still runs, `IMPORT_NOT_UNDOABLE` for an import made ' +
          'before imports could be undone.',
        params: importParamsSchema,
        response: {
          200: pastImportSchema,
          ...errors(MANAGER, INPUT, { 404: ['NOT_FOUND'] }),
          409: errorResponse(
            [
              'IMPORT_CHANGED_SINCE',
              'IMPORT_UNDO_EXPIRED',
              'IMPORT_ALREADY_UNDONE',
              'IMPORT_RUNNING',
              'IMPORT_NOT_UNDOABLE',
            ],
            undoRefused,
          ),
        },
      },
    },
    async (request) => imports.undo(requireManager(request), request.params.id),
  );
};
