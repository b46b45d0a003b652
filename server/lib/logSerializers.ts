import { DrizzleQueryError } from 'drizzle-orm';

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The log's `err` serializer. A failed query's error carries the statement's parameters (password hashes, refresh
 * token hashes, names and phones) in its message, its stack and `params`: those are left out, the statement stays.
 */
export function serializeError(err: Error, depth = 0): SerializedError {
  const message = err instanceof DrizzleQueryError ? `Failed query: ${err.query}` : err.message;
  const out: SerializedError = {
    type: err.constructor.name,
    message,
    stack: (err.stack ?? '').replace(err.message, message),
  };
  for (const [key, value] of Object.entries(err)) {
    if (key !== 'params' && key !== 'cause' && !(key in out)) out[key] = value;
  }
  if (err.cause instanceof Error && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  else if (err.cause !== undefined) out.cause = err.cause;
  return out;
}

interface HookLogger {
  info(obj: object, msg: string): void;
}

/**
 * pino's `logMethod` hook. A browser that leaves a page mid-download ends the compression pipe with "premature
 * close", which @fastify/compress logs as an error: it is the client's choice, not a fault, so it goes to info.
 */
export function logMethod(
  this: HookLogger,
  args: [unknown, ...unknown[]],
  method: (...args: unknown[]) => void,
  level: number,
): void {
  const [first] = args;
  if (level >= 50 && first instanceof Error && first.message === 'premature close') {
    this.info({ err: first }, 'the client closed the connection before the answer ended');
    return;
  }
  method.apply(this, args);
}
