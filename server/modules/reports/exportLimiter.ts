import { TooManyRequestsError } from '../../errors';
import { OpenCounts } from '../../lib/openCounts';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

export const EXPORT_LIMIT_MESSAGE = ERROR_MESSAGES.EXPORT_LIMIT;

/**
 * At most `perCompany` CSV downloads of one company run at once in this process, so one company's stalled or
 * repeated downloads cannot take the server's time from the others.
 */
export class ExportLimiter {
  private readonly running = new OpenCounts();

  constructor(private readonly perCompany: number) {}

  /** A slot for one download, or 429; the returned function gives it back (once, however often it is called). */
  acquire(companyId: string): () => void {
    const release = this.running.take([[companyId, this.perCompany]]);
    if (!release) throw new TooManyRequestsError(EXPORT_LIMIT_MESSAGE, 'EXPORT_LIMIT', 10);
    return release;
  }
}
