import type { Db } from '../../db/client';
import type { Tenancy } from '../../db/tenancy';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import type { EventActor } from '../eventLog/eventLog';
import { secretMatches, type ParsedApiKey } from '../../lib/apiKeySecret';
import { touchApiKey } from './apiKeys.repository';
import type { CallLimit } from './callLimit';
import { findKeyCall, type CatalogueTour } from './channelCall.repository';

const TOUCH_EVERY_MS = 60_000;
const refused = () => new UnauthorizedError('This API key is not valid, or was revoked', 'UNAUTHORIZED');

/** What a channel's write is judged on: the company's sources and tours offered for new bookings, and its zone. */
export interface Catalogue {
  sources: readonly string[];
  tours: readonly CatalogueTour[];
  timezone: string;
}

/** A verified key's call: who the event log names, the sources whose bookings it reaches, and the catalogue. */
export interface KeyCall {
  actor: EventActor;
  sources: ReadonlySet<string>;
  catalogue: Catalogue;
}

/**
 * A channel's request in one transaction of its key's company (row-level security as for members): the key must be
 * the company's, unrevoked, with the secret its hash was made from, and have sources. Only then is the call counted
 * against the key's limit, so calls with a wrong secret never use up the real channel's. The event log names the key.
 */
export function runAsKey<T>(
  tenancy: Tenancy,
  key: ParsedApiKey,
  calls: CallLimit,
  fn: (tx: Db, call: KeyCall) => Promise<T>,
): Promise<T> {
  return tenancy.run(key.companyId, async (tx) => {
    const row = await findKeyCall(tx, key.companyId, key.keyId);
    if (!row || row.revokedAt || !secretMatches(key.secret, row.secretHash)) throw refused();
    calls.hit(key.keyId);
    if (row.sources.length === 0) {
      throw new ForbiddenError(
        'This API key has no sources yet: a Manager picks them in Settings › Channel API keys',
        'API_KEY_NO_SOURCES',
      );
    }
    // The last use is shown to the minute: most calls need not write it (touchApiKey checks again, in the database).
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
      await touchApiKey(tx, key.companyId, key.keyId);
    }
    const device = { id: row.prefix, userAgent: null };
    const actor = { companyId: key.companyId, userId: null, name: `API key ${row.name}`, email: '', device };
    const catalogue = { sources: row.activeSources, tours: row.tours, timezone: row.timezone ?? 'UTC' };
    return fn(tx, { actor, sources: new Set(row.sources), catalogue });
  });
}
