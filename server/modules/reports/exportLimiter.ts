import { TooManyRequestsError } from '../../errors';

export const EXPORT_LIMIT_MESSAGE = 'Too many downloads at once, please wait for one to finish';

/**
 * At most `perCompany` CSV downloads of one company run at once in this process, so one company's stalled or
 * repeated downloads cannot take the server's time from the others. Counted in memory: per process, like the pool.
 */
export class ExportLimiter {
  private readonly running = new Map<string, number>();

  constructor(private readonly perCompany: number) {}

  /** A slot for one download, or 429; the returned function gives it back (once, however often it is called). */
  acquire(companyId: string): () => void {
    const count = this.running.get(companyId) ?? 0;
    if (count >= this.perCompany) throw new TooManyRequestsError(EXPORT_LIMIT_MESSAGE, 'EXPORT_LIMIT', 10);
    this.running.set(companyId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(companyId) ?? 1) - 1;
      if (left > 0) this.running.set(companyId, left);
      else this.running.delete(companyId);
    };
  }
}
