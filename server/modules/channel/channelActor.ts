import type { Db } from '../../db/client';
import type { Tenancy } from '../../db/tenancy';
import { UnauthorizedError } from '../../errors';
import type { EventActor } from '../events/eventLog';
import { secretMatches, type ParsedApiKey } from './apiKeySecret';
import { findKeyForCall, touchApiKey } from './apiKeys.repository';

const TOUCH_EVERY_MS = 60_000;
const refused = () => new UnauthorizedError('This API key is not valid, or was revoked', 'UNAUTHORIZED');

/**
 * A channel's request in one transaction of its key's company (row-level security as for members): the key must be
 * the company's, unrevoked, with the secret its hash was made from. The event log names the key.
 */
export function runAsKey<T>(
  tenancy: Tenancy,
  key: ParsedApiKey,
  fn: (tx: Db, actor: EventActor) => Promise<T>,
): Promise<T> {
  return tenancy.run(key.companyId, async (tx, eventWritten) => {
    const row = await findKeyForCall(tx, key.companyId, key.keyId);
    if (!row || row.revokedAt || !secretMatches(key.secret, row.secretHash)) throw refused();
    // The last use is shown to the minute: most calls need not write it (touchApiKey checks again, in the database).
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
      await touchApiKey(tx, key.companyId, key.keyId);
    }
    const device = { id: row.prefix, userAgent: null };
    return fn(tx, {
      companyId: key.companyId,
      userId: null,
      name: `API key ${row.name}`,
      email: '',
      device,
      eventWritten,
    });
  });
}
