/** Whether each live stream got every event of its company once, in order, against the event log itself. */
import { gt } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { events } from '../../server/db/schema';
import type { LiveClient } from './liveClient';

/** Each company's event ids, ascending. */
export async function eventIdsByCompany(db: Db, afterId = 0): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ id: events.id, companyId: events.companyId })
    .from(events)
    .where(gt(events.id, afterId))
    .orderBy(events.id);
  const byCompany = new Map<string, number[]>();
  for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row.id]);
  return byCompany;
}

export interface StreamCheck {
  expected: number;
  received: number;
  missing: number[];
  duplicates: number[];
  /** Ids that are not the company's events after the stream opened. */
  foreign: number[];
  outOfOrder: number;
}

/** `received` against the company's ids after `afterId`: the events committed once the stream was subscribed. */
export function checkIds(received: number[], companyIds: number[], afterId: number): StreamCheck {
  const expected = companyIds.filter((id) => id > afterId);
  const expectedSet = new Set(expected);
  const counts = new Map<number, number>();
  for (const id of received) counts.set(id, (counts.get(id) ?? 0) + 1);
  let outOfOrder = 0;
  for (let i = 1; i < received.length; i++) if ((received[i] as number) <= (received[i - 1] as number)) outOfOrder++;
  return {
    expected: expected.length,
    received: received.length,
    missing: expected.filter((id) => !counts.has(id)),
    duplicates: [...counts].filter(([, n]) => n > 1).map(([id]) => id),
    foreign: [...counts.keys()].filter((id) => !expectedSet.has(id)),
    outOfOrder,
  };
}

export const clean = (check: StreamCheck) =>
  check.missing.length === 0 && check.duplicates.length === 0 && check.foreign.length === 0 && check.outOfOrder === 0;

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** Waits until the streams agree on their last id and it stays put for `stableMs` (all caught up, nothing new). */
export async function waitQuiet(streams: LiveClient[], stableMs = 1_500, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  let since = Date.now();
  while (Date.now() < deadline) {
    const ids = streams.map((s) => s.lastId ?? 0);
    const key = ids.join(',');
    if (key !== last) {
      last = key;
      since = Date.now();
    } else if (new Set(ids).size === 1 && Date.now() - since >= stableMs) {
      return ids[0] ?? 0;
    }
    await sleep(100);
  }
  return Math.max(0, ...streams.map((s) => s.lastId ?? 0));
}
