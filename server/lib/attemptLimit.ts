import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../errors';
import { ERROR_MESSAGES } from '../../src/domain/errorMessages';

export const RATE_LIMITED_MESSAGE = ERROR_MESSAGES.RATE_LIMITED;

export interface AttemptLimit {
  /** Names the count, so that two limits on one route never share a key. */
  name: string;
  max: number;
  windowMs: number;
  /** Whose attempts count together: an address, a member, a company. */
  key: (request: FastifyRequest) => string;
}

/**
 * A preHandler counting each request under its key and answering 429 with Retry-After past `max` in `windowMs`. Unlike
 * a route's `config.rateLimit`, several can guard one route (per member and per address, say). The counts are the
 * rate-limit plugin's, in the database (db/rateLimitStore.ts).
 */
export function attemptLimit(app: FastifyInstance, limit: AttemptLimit) {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${limit.name}|${limit.key(request)}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    const counted = await check(request);
    if (!counted.isAllowed && counted.isExceeded) {
      throw new TooManyRequestsError(RATE_LIMITED_MESSAGE, 'RATE_LIMITED', Math.max(counted.ttlInSeconds, 1));
    }
  };
}
