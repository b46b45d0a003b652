import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPoolExhausted, isUnstorableText } from '../db/errors';
import { AppError } from '../errors';
import type { ErrorCode } from '../lib/errorResponses';
import { namedForField } from '../lib/fieldMessage';
import { ERROR_MESSAGES } from '../../src/domain/errorMessages';

const english = z.locales.en().localeError;

export const BUSY_MESSAGE = ERROR_MESSAGES.UNAVAILABLE;
const SERVER_FAILED = ERROR_MESSAGES.INTERNAL;

/** What the router refuses before any route, in fixed words: Fastify's own messages repeat the URL sent. */
const ROUTER_ERRORS: Partial<Record<ErrorCode, { status: number; error: string }>> = {
  FST_ERR_BAD_URL: { status: 400, error: 'The address is not valid percent-encoding' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, error: 'A part of the address is too long' },
};

/** Fastify's `frameworkErrors`: the one `{ error, code }` body, and nothing of the URL. */
export function answerRouterError(err: FastifyError, reply: FastifyReply): void {
  const known = ROUTER_ERRORS[err.code as ErrorCode];
  if (known) void reply.status(known.status).send({ error: known.error, code: err.code });
  else void reply.status(500).send({ error: SERVER_FAILED, code: 'INTERNAL' });
}

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the request before any route (the URL and headers together
 * over 16 KiB, or bytes that are not HTTP). The same body as every refusal; the connection is closed.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, error] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The address or the headers are too long']
      : [400, 'BAD_REQUEST', 'The request could not be read'];
  const body = JSON.stringify({ error, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * zod's own messages say what is wrong but not where ("Too small: expected string to have >=1 characters"), so the
 * field goes in front. A schema's own message ("Enter a valid email address") names its field already, and zod
 * prefers it to this global one.
 */
function fieldNamedMessage(issue: z.core.$ZodRawIssue): string {
  const result = english(issue);
  const text = typeof result === 'string' ? result : (result?.message ?? 'Invalid input');
  return issue.path?.length ? `${issue.path.map(String).join('.')}: ${text}` : text;
}

/** One body shape for every failure: `{ error, code }`, plus `details` for validation. 5xx never leak internals. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // zod's configuration is the process's; it is set here, with the answers it shapes.
  z.config({ customError: fieldNamedMessage });
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfter !== undefined) void reply.header('Retry-After', String(err.retryAfter));
      return reply.status(err.statusCode).send({ error: err.message, code: err.code, ...err.extra });
    }
    if (isPoolExhausted(err)) {
      request.log.warn({ err }, 'no database connection free');
      return reply.header('Retry-After', '2').status(503).send({ error: BUSY_MESSAGE, code: 'UNAVAILABLE' });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '') || err.validationContext || '';
        return { path, message: namedForField(path, issue.message ?? 'Invalid input') };
      });
      const error = details[0]?.message ?? 'Invalid request';
      return reply.status(400).send({ error, code: 'VALIDATION', details });
    }
    // Every text column refuses these; one check here covers every field, parameter and query.
    if (isUnstorableText(err)) {
      return reply.status(400).send({ error: 'Text cannot contain NUL characters', code: 'VALIDATION' });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: ERROR_MESSAGES.RATE_LIMITED, code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: err.message, code: err.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: SERVER_FAILED, code: 'INTERNAL' });
  });
});
