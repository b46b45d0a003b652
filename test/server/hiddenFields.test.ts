import { eq } from 'drizzle-orm';
import { companies } from '../../server/db/schema';
import { addBooking, createCompany, editBooking } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';

const NOW = new Date('2026-06-15T10:00:00Z'); // 12:00 in Madrid
const DAY = '2026-06-15';
const OLD_PHONE = '+34 600 111 222';
const NEW_PHONE = '+34 699 333 444';

type Answer = { bookings: Array<{ name: string; differences: string | null; phone?: string; source?: string }> };

/** Every answer a member gets that carries the booking: the day, the slot and the time-range report. */
async function answersFor(t: TestApp, token: string, name: string, guideId: string) {
  const day = await t.app.inject({ url: `/api/bookings/date/${DAY}`, headers: bearer(token) });
  const slot = await t.app.inject({ url: `/api/bookings/date/${DAY}/11:45/Old%20Town%20Walk`, headers: bearer(token) });
  const range = await t.app.inject({
    method: 'POST',
    url: '/api/shift/guide-time-range',
    headers: bearer(token),
    payload: { guide: guideId, timeRange: { start: DAY, end: DAY } },
  });
  const pick = (answer: Answer) => answer.bookings.find((b) => b.name === name);
  return { day: pick(day.json<Answer>()), slot: pick(slot.json<Answer>()), range: range.json() as unknown[] };
}

describeEachDb(
  'fields hidden from a role stay hidden in every answer',
  (ctx) => {
    it("keeps a phone and a source edit out of a Guide's differences and time-range report", async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db, { showPhoneToGuides: false, display: false, detailedShifts: true });
      const { id } = await addBooking(t.db, c.companyId, {
        date: DAY,
        time: '11:45',
        name: 'Edited party',
        phone: OLD_PHONE,
        source: 'Viator',
        manual: true,
        guide: c.guideName,
        guideId: c.guide.user._id,
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/shift/${encodeURIComponent(`${DAY}-11:45-Old Town Walk`)}/guides`,
        headers: bearer(c.manager.token),
        payload: { selectedGuides: { selectedItems: [{ _id: c.guide.user._id, attendees: [{ Adults: 3 }] }] } },
      });
      const edit = await editBooking(
        t.app,
        c.manager.token,
        id,
        { customers: [{ Adults: 3 }], phone: NEW_PHONE, source: 'Walkin' },
        { day: DAY },
      );
      expect(edit.statusCode).toBe(200);

      const manager = await answersFor(t, c.manager.token, 'Edited party', c.guide.user._id);
      const full = `Adults: 2 → 3; Source: Viator → Walkin; Phone: ${OLD_PHONE} → ${NEW_PHONE}`;
      expect(manager.day?.differences).toBe(full);
      expect(manager.slot?.differences).toBe(full);
      expect(JSON.stringify(manager.range)).toContain('Walkin');

      const guide = await answersFor(t, c.guide.token, 'Edited party', c.guide.user._id);
      expect(guide.day?.differences).toBe('Adults: 2 → 3');
      expect(guide.slot?.differences).toBe('Adults: 2 → 3');
      for (const answer of [guide.day, guide.slot, guide.range]) {
        const text = JSON.stringify(answer);
        for (const secret of ['600 111', '699 333', 'Viator', 'Walkin']) expect(text).not.toContain(secret);
      }
      expect(guide.range).toHaveLength(1);

      // A Manager's own setting hides phones from Managers too.
      await t.db.update(companies).set({ showPhoneToManagers: false }).where(eq(companies.id, c.companyId));
      const hiddenFromManager = await answersFor(t, c.manager.token, 'Edited party', c.guide.user._id);
      expect(hiddenFromManager.slot?.differences).toBe('Adults: 2 → 3; Source: Viator → Walkin');
    });

    it('filters an account written before the changes were kept, by its labels', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db, { showPhoneToGuides: false, display: false });
      await addBooking(t.db, c.companyId, {
        date: DAY,
        time: '11:45',
        name: 'Old edit',
        differences: `Name: Ana → Ana María; Source: Viator → Walkin; Phone: ${OLD_PHONE} → ${NEW_PHONE}`,
      });
      const guide = await answersFor(t, c.guide.token, 'Old edit', c.guide.user._id);
      expect(guide.slot?.differences).toBe('Name: Ana → Ana María');
      const manager = await answersFor(t, c.manager.token, 'Old edit', c.guide.user._id);
      expect(manager.slot?.differences).toContain(NEW_PHONE);
    });
  },
  { now: () => NOW },
);
