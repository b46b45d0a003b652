import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUnstorableText } from '../db/errors';
import { AppError } from '../errors';

interface ErrorHandlerOptions {
  /** A refusal that answers instead of the error (plugins/auth.ts `refusalOfPendingMember`). */
  refusalFirst?: (request: FastifyRequest) => Promise<AppError | undefined>;
}

/** One body shape for every failure: `{ error, code }`, plus `details` for validation. 5xx never leak internals. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance, opts: ErrorHandlerOptions) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const err = (await opts.refusalFirst?.(request)) ?? error;
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ error: err.message, code: err.code, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '') || err.validationContext,
        message: issue.message,
      }));
      const first = details[0];
      const where = first?.path ? `${first.path}: ` : '';
      return reply
        .status(400)
        .send({ error: `Invalid request: ${where}${first?.message ?? 'bad input'}`, code: 'VALIDATION', details });
    }
    // Every text column refuses these; one check here covers every field, parameter and query.
    if (isUnstorableText(err)) {
      return reply.status(400).send({ error: 'Text cannot contain NUL characters', code: 'VALIDATION' });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: 'Too many attempts, please try again later', code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: err.message, code: err.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: 'Something went wrong on our side', code: 'INTERNAL' });
  });
});
