import { desc, eq } from 'drizzle-orm';
import { events } from '../../server/db/schema';
import type { HistoryEntry } from '../../src/domain/events';
import type { Shift } from '../../src/domain/team';
import { addBooking, createCompany, editBooking, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, uniqueEmail, type TestApp } from './helpers';

const NOW = new Date('2026-06-15T10:00:00Z'); // 12:00 in Madrid
const DAY = '2026-06-15';
const KEY = encodeURIComponent(`${DAY}-11:45-Old Town Walk`);

interface Company {
  t: TestApp;
  c: CompanyFixture;
}

interface Slot extends Company {
  /** A third member, a Guide. */
  ivo: { _id: string; name: string };
  ids: Record<'ana' | 'ben' | 'cy', string>;
}

/** 36 adults in three parties (12, 6 and 18), and three members who can lead them. */
async function slotOfThirtySix(t: TestApp): Promise<Slot> {
  const c = await createCompany(t.app, t.db);
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/user/addguide',
    headers: bearer(c.manager.token),
    payload: { name: `Ivo ${c.companyId.slice(-6)}`, email: uniqueEmail('ivo'), password: 'long enough' },
  });
  expect(added.statusCode).toBe(201);
  const party = async (name: string, adults: number) =>
    (await addBooking(t.db, c.companyId, { date: DAY, time: '11:45', adults, name })).id;
  const ids = { ana: await party('Ana', 12), ben: await party('Ben', 6), cy: await party('Cy', 18) };
  return { t, c, ivo: added.json().user, ids };
}

const saveGuides = ({ t, c }: Company, guides: Array<{ _id: string; adults: number }>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shift/${KEY}/guides`,
    headers: bearer(c.manager.token),
    payload: {
      selectedGuides: { selectedItems: guides.map(({ _id, adults }) => ({ _id, attendees: [{ Adults: adults }] })) },
    },
  });

async function assign({ t, c }: Company, bookingIds: string[], guide: string | null) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/bookings/assign-guide',
    headers: bearer(c.manager.token),
    payload: { bookingIds, guide },
  });
  expect(res.statusCode).toBe(200);
}

/** Each guide's adults in the slot's shift, by name. */
async function adultsByGuide({ t, c }: Company): Promise<Record<string, number | undefined>> {
  const shift = (await t.app.inject({ url: `/api/shift/${KEY}`, headers: bearer(c.manager.token) })).json<Shift>();
  return Object.fromEntries(shift.guides.map((g) => [g.name, g.attendees[0]?.Adults]));
}

async function reportedAdults({ t, c }: Company, guide: string): Promise<number[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shift/guide-time-range',
    headers: bearer(c.manager.token),
    payload: { guide, timeRange: { start: DAY, end: DAY } },
  });
  expect(res.statusCode).toBe(200);
  return res.json().map((row: { attendees: Array<{ Adults?: number }> }) => row.attendees[0]?.Adults);
}

/** The split each event of the company recorded (a save, or the write its heads followed), newest first. */
async function splitsLogged({ t, c }: Company): Promise<Array<[string, unknown]>> {
  const rows = await t.db.select().from(events).where(eq(events.companyId, c.companyId)).orderBy(desc(events.id));
  return rows
    .map((row): [string, unknown] => [row.kind, (row.after as { Guides?: string } | null)?.Guides])
    .filter(([, guides]) => guides !== undefined);
}

describeEachDb(
  'the split follows the bookings assigned to guides',
  (ctx) => {
    it('credits a third guide added to the split with 0 while the bookings stay with the other two', async () => {
      const s = await slotOfThirtySix(ctx());
      const { c, ivo, ids } = s;
      await saveGuides(s, [
        { _id: c.manager.user._id, adults: 18 },
        { _id: c.guide.user._id, adults: 18 },
      ]);
      await assign(s, [ids.ana, ids.ben], c.managerName);
      await assign(s, [ids.cy], c.guideName);

      // The dialog sends the even split 12/12/12; the assignment wins.
      const saved = await saveGuides(s, [
        { _id: c.manager.user._id, adults: 12 },
        { _id: c.guide.user._id, adults: 12 },
        { _id: ivo._id, adults: 12 },
      ]);
      expect(saved.statusCode).toBe(200);
      expect(saved.json<Shift>().guides.map((g) => g.attendees)).toEqual([
        [{ Adults: 18 }, { Teens: 0 }, { Children: 0 }],
        [{ Adults: 18 }, { Teens: 0 }, { Children: 0 }],
        [{ Adults: 0 }, { Teens: 0 }, { Children: 0 }],
      ]);
      expect(await reportedAdults(s, ivo._id)).toEqual([0]);
      expect(await reportedAdults(s, c.guide.user._id)).toEqual([18]);
      expect(await reportedAdults(s, c.manager.user._id)).toEqual([18]);
      expect((await splitsLogged(s))[0]).toEqual([
        'slot.guidesSaved',
        `${c.managerName} 18, ${c.guideName} 18, ${ivo.name} 0`,
      ]);
    });

    it('keeps a split chosen by hand until a booking is assigned, then follows each assignment', async () => {
      const s = await slotOfThirtySix(ctx());
      const { c, ivo, ids } = s;
      await saveGuides(s, [
        { _id: c.guide.user._id, adults: 20 },
        { _id: ivo._id, adults: 16 },
      ]);
      // Moving unassigned bookings to Unassigned changes nobody's guests.
      await assign(s, [ids.ana], null);
      expect(await adultsByGuide(s)).toEqual({ [c.guideName]: 20, [ivo.name]: 16 });

      await assign(s, [ids.ana], ivo.name);
      expect(await adultsByGuide(s)).toEqual({ [c.guideName]: 0, [ivo.name]: 12 });
      await assign(s, [ids.ben, ids.cy], c.guideName);
      expect(await adultsByGuide(s)).toEqual({ [c.guideName]: 24, [ivo.name]: 12 });
      expect(await reportedAdults(s, ivo._id)).toEqual([12]);

      // The last assigned bookings back to Unassigned: the spec's even split again.
      await assign(s, [ids.ana, ids.ben, ids.cy], null);
      expect(await adultsByGuide(s)).toEqual({ [c.guideName]: 18, [ivo.name]: 18 });
      // One event per write: each assignment's event records what the split became.
      expect(await splitsLogged(s)).toEqual([
        ['booking.guideAssigned', `${c.guideName} 18, ${ivo.name} 18`],
        ['booking.guideAssigned', `${c.guideName} 24, ${ivo.name} 12`],
        ['booking.guideAssigned', `${c.guideName} 0, ${ivo.name} 12`],
        ['slot.guidesSaved', `${c.guideName} 20, ${ivo.name} 16`],
      ]);
    });

    it('follows a check-in as another guide, an edit of a led booking and its cancellation', async () => {
      const s = await slotOfThirtySix(ctx());
      const { t, c, ivo, ids } = s;
      await saveGuides(s, [
        { _id: c.guide.user._id, adults: 18 },
        { _id: ivo._id, adults: 18 },
      ]);
      const checkIn = await t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${ids.cy}`,
        headers: bearer(c.manager.token),
        payload: { attendees: [{ Adults: 18 }], chosenGuide: ivo.name },
      });
      expect(checkIn.statusCode).toBe(200);
      expect(await adultsByGuide(s)).toEqual({ [c.guideName]: 0, [ivo.name]: 18 });

      await assign(s, [ids.ana], c.guideName);
      const edit = (changes: Record<string, unknown>, version: number) =>
        editBooking(t.app, c.manager.token, ids.ana, { name: 'Ana', ...changes }, { day: DAY, version });
      expect((await edit({ customers: [{ Adults: 10 }] }, 2)).statusCode).toBe(200);
      expect(await adultsByGuide(s)).toEqual({ [c.guideName]: 10, [ivo.name]: 18 });

      expect((await edit({ customers: [{ Adults: 10 }], cancelled: true }, 3)).statusCode).toBe(200);
      expect(await adultsByGuide(s)).toEqual({ [c.guideName]: 0, [ivo.name]: 18 });
      const history = await t.app.inject({ url: `/api/bookings/${ids.ana}/history`, headers: bearer(c.manager.token) });
      expect(history.json<HistoryEntry[]>()[0]?.changes).toContainEqual({
        field: 'Guides',
        from: `${c.guideName} 10, ${ivo.name} 18`,
        to: `${c.guideName} 0, ${ivo.name} 18`,
      });
    });

    it('keeps every assignment when several arrive at once', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const parties = await Promise.all(
        Array.from({ length: 8 }, (_, i) => addBooking(t.db, c.companyId, { date: DAY, time: '11:45', adults: i + 1 })),
      );
      const s = { t, c };
      await saveGuides(s, [
        { _id: c.manager.user._id, adults: 18 },
        { _id: c.guide.user._id, adults: 18 },
      ]);
      // Odd sizes (1, 3, 5, 7) to the Manager, even ones to the Guide, each in its own request, all at once.
      await Promise.all(parties.map((party, i) => assign(s, [party.id], i % 2 === 0 ? c.managerName : c.guideName)));
      expect(await adultsByGuide(s)).toEqual({ [c.managerName]: 16, [c.guideName]: 20 });
    });
  },
  { now: () => NOW },
);
