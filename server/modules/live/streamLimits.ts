import type { Caller } from '../../db/signedIn';
import { TooManyRequestsError } from '../../errors';
import { OpenCounts } from '../../lib/openCounts';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

export const STREAM_LIMIT_MESSAGE = ERROR_MESSAGES.LIVE_STREAM_LIMIT;
/** Streams last for hours: a place frees when a tab closes, which the client cannot know; it asks again now and then. */
const RETRY_AFTER_SECONDS = 30;

export interface StreamCaps {
  perMember: number;
  perCompany: number;
  perAddress: number;
}

/**
 * How many live streams one member, one company and one address hold at once in this process. Checked before a
 * stream touches the database, so a refused one costs it nothing.
 */
export class StreamLimits {
  private readonly open = new OpenCounts();

  constructor(private readonly caps: StreamCaps) {}

  /** A place for one more stream, or 429 with Retry-After; the returned function gives it back (once). */
  acquire(caller: Pick<Caller, 'userId' | 'companyId'>, address: string): () => void {
    const release = this.open.take([
      [`member:${caller.userId}`, this.caps.perMember],
      [`company:${caller.companyId}`, this.caps.perCompany],
      [`address:${address}`, this.caps.perAddress],
    ]);
    if (!release) throw new TooManyRequestsError(STREAM_LIMIT_MESSAGE, 'LIVE_STREAM_LIMIT', RETRY_AFTER_SECONDS);
    return release;
  }
}
