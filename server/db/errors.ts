/**
 * PostgreSQL's unique_violation, as raised by both node-postgres and PGlite (possibly wrapped by Drizzle): the name of
 * the unique index or constraint it broke, or undefined for any other error.
 */
export function uniqueViolation(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown): boolean {
  return uniqueViolation(err) !== undefined;
}

/** Text PostgreSQL cannot store: a NUL character (22021) or one the database encoding lacks (22P05). */
export function isUnstorableText(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * No connection to be had: every pooled one stayed busy for the checkout timeout (node-postgres's pool says so only in
 * its message), or PostgreSQL refused or dropped the connection. The request is answered 503, to be retried.
 */
export function isPoolExhausted(err: unknown): boolean {
  const { message, code } = err as { message?: unknown; code?: unknown };
  return message === 'timeout exceeded when trying to connect' || code === 'ECONNREFUSED' || code === '57P03';
}
