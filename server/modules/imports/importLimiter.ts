import { TooManyRequestsError } from '../../errors';
import { OpenCounts } from '../../lib/openCounts';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

export const IMPORT_LIMIT_MESSAGE = ERROR_MESSAGES.IMPORT_LIMIT;

/**
 * At most `perCompany` previews and imports of one company run at once in this process, so one company's files
 * (each read whole, batch after batch) cannot take the server's memory and time from the others.
 */
export class ImportLimiter {
  private readonly running = new OpenCounts();

  constructor(private readonly perCompany: number) {}

  /** A place for one preview or import, or 429; the returned function gives it back (once, however often called). */
  acquire(companyId: string): () => void {
    const release = this.running.take([[companyId, this.perCompany]]);
    if (!release) throw new TooManyRequestsError(IMPORT_LIMIT_MESSAGE, 'IMPORT_LIMIT', 10);
    return release;
  }
}
