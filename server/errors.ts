import { ERROR_MESSAGES } from '../src/domain/errorMessages';

/** Services throw these; the one error handler turns them into `{ error, code }` with the status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra?: Record<string, unknown>,
    /** Seconds, sent as Retry-After: when trying again may succeed (429, 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code = 'BAD_REQUEST') {
    super(400, code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}

export const NO_PERMISSION = ERROR_MESSAGES.FORBIDDEN;

export class ForbiddenError extends AppError {
  constructor(message = NO_PERMISSION, code = 'FORBIDDEN') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', code = 'NOT_FOUND') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT', extra?: Record<string, unknown>) {
    super(409, code, message, extra);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, code: string, retryAfter: number) {
    super(429, code, message, undefined, retryAfter);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}
