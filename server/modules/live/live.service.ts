import type { AuthContext, Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { logPosition } from './live.repository';
import type { Opening } from './liveStream';

/**
 * A stream's opening: the session is checked before the stream opens, so a signed-out member gets the usual 401
 * answer; where the client stands in the log is read with it, from ids and one bounded count, never the events.
 */
export function openStream(
  tenancy: Tenancy,
  caller: Caller,
  lastEventId: number | null,
  replayMax: number,
): Promise<{ auth: AuthContext; opening: Opening }> {
  return tenancy.runAs(caller, async (tx, auth) => {
    const position = lastEventId === null ? null : await logPosition(tx, caller.companyId, lastEventId, replayMax + 1);
    return { auth, opening: { lastEventId, latest: position?.latest ?? 0, behind: position?.after ?? 0 } };
  });
}
