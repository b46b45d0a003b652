import { asc, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { eventLogHeads, events } from '../../server/db/schema';
import { migrationsFolder } from '../../server/lib/paths';
import { recordEvents } from '../../server/modules/eventLog/eventLog';
import { removeDir } from './dbTemplate';
import { actorOf } from './fixtures';
import { DB_KINDS } from './helpers';
import { emptyDatabase, migrationsBefore } from './migrations';

const MIGRATION = '0024_per_company_event_ids';

describe.each(DB_KINDS)('counting event ids per company, from a log counted for all [%s]', (kind) => {
  it("keeps the events' ids, and each company counts on from its last", async () => {
    const before = migrationsBefore(MIGRATION);
    const database = await emptyDatabase(kind);
    try {
      await database.migrate(before);
      const [a, b, c] = [uuidv7(), uuidv7(), uuidv7()];
      // One sequence for all: ids 1 to 6, in this order.
      await database.db.execute(sql`insert into events (company_id, kind, member_name)
        values (${a}, 'slot.noteSaved', 'A'), (${b}, 'slot.noteSaved', 'B'), (${a}, 'slot.noteSaved', 'A'),
               (${b}, 'slot.noteSaved', 'B'), (${b}, 'slot.noteSaved', 'B'), (${a}, 'slot.noteSaved', 'A')`);
      await database.migrate(migrationsFolder);
      const heads = await database.db.select().from(eventLogHeads).orderBy(asc(eventLogHeads.lastId));
      expect(heads).toEqual([
        { companyId: b, lastId: 5 },
        { companyId: a, lastId: 6 },
      ]);
      const note = { kind: 'slot.noteSaved', after: { Note: 'after' } } as const;
      for (const company of [a, b, c]) await recordEvents(database.db, actorOf(company, 'After'), [note]);
      const ids = await database.db
        .select({ companyId: events.companyId, id: events.id })
        .from(events)
        .orderBy(asc(events.companyId), asc(events.id));
      const idsOf = (company: string) => ids.filter((row) => row.companyId === company).map((row) => row.id);
      expect([idsOf(a), idsOf(b), idsOf(c)]).toEqual([[1, 3, 6, 7], [2, 4, 5, 6], [1]]);
    } finally {
      await database.close();
      removeDir(before);
    }
  });
});
