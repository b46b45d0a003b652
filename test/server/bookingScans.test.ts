import QRCode from 'qrcode';
import { addBooking, createCompany, type CompanyFixture } from './fixtures';
import { bearer, createTestApp, DB_KINDS, type TestApp } from './helpers';

// 12:00 in Madrid (summer time, UTC+2) on 15 June 2026; a Guide sees 11:00 to 13:00 (60 minutes each side).
const NOW = new Date('2026-06-15T10:00:00Z');
const DAY = '2026-06-15';

describe.each(DB_KINDS)('scanning bookings [%s]', (kind) => {
  let t: TestApp;
  let c: CompanyFixture;
  let other: CompanyFixture;
  /** In the Guide's window; with a channel reference. */
  let near: { id: string; reference: string };
  /** Later the same day: outside the Guide's window. */
  let later: { id: string; reference: string };
  let theirs: { id: string; reference: string };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    c = await createCompany(t.app, t.db);
    other = await createCompany(t.app, t.db);
    near = await addBooking(t.db, c.companyId, { date: DAY, time: '12:15', name: 'Ana Near', bookingId: 'GYG-77A1' });
    later = await addBooking(t.db, c.companyId, { date: DAY, time: '18:00', name: 'Bea Later', bookingId: 'V-9001' });
    theirs = await addBooking(t.db, other.companyId, { date: DAY, time: '12:15', bookingId: 'THEIRS-1' });
    // A manual booking's placeholder is no channel reference.
    await addBooking(t.db, c.companyId, { date: DAY, time: '12:15', name: 'Manual', bookingId: 'Manually added' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const code = (token: string, id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/bookings/${id}/code.svg`, headers: { ...bearer(token), ...headers } });
  const lookup = (token: string, value: string) =>
    t.app.inject({ url: '/api/bookings/lookup', query: { code: value }, headers: bearer(token) });
  const found = async (token: string, value: string) => {
    const res = await lookup(token, value);
    expect(res.statusCode).toBe(200);
    return res.json<{ booking: { _id: string; reference: string; phone?: string }; slot: unknown }>();
  };
  const setPattern = (source: string, scanPattern: string | null, token = c.manager.token) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/company/${c.companyId}/sources/${source}`,
      headers: bearer(token),
      payload: { scanPattern },
    });

  describe('GET /api/bookings/:id/code.svg', () => {
    it('draws the QR code of {origin}/b/{reference} as an SVG', async () => {
      const res = await code(c.manager.token, near.id, { host: 'desk.example:8080' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      const url = `http://desk.example:8080/b/${near.reference}`;
      expect(res.body).toBe(await QRCode.toString(url, { type: 'svg' }));
    });

    it('takes the origin from a proxy’s headers only when the proxy is trusted', async () => {
      const forwarded = { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'tours.example' };
      const untrusted = await code(c.manager.token, near.id, forwarded);
      expect(untrusted.body).toBe(await QRCode.toString(`http://internal:3000/b/${near.reference}`, { type: 'svg' }));
      const proxied = await createTestApp(kind, { trustProxy: true }, { now: () => NOW });
      try {
        const company = await createCompany(proxied.app, proxied.db);
        const booking = await addBooking(proxied.db, company.companyId, { date: DAY, time: '12:15' });
        const res = await proxied.app.inject({
          url: `/api/bookings/${booking.id}/code.svg`,
          headers: { ...bearer(company.manager.token), ...forwarded },
        });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(await QRCode.toString(`https://tours.example/b/${booking.reference}`, { type: 'svg' }));
      } finally {
        await proxied.close();
      }
    });

    it('is read as the booking is: 404 for another company’s, 403 SLOT_HIDDEN outside a Guide’s window', async () => {
      const foreign = await code(c.manager.token, theirs.id);
      expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
      expect((await code(c.guide.token, near.id)).statusCode).toBe(200);
      const hidden = await code(c.guide.token, later.id);
      expect([hidden.statusCode, hidden.json().code]).toEqual([403, 'SLOT_HIDDEN']);
      expect((await code(c.manager.token, later.id)).statusCode).toBe(200);
    });
  });

  describe('GET /api/bookings/lookup', () => {
    it('finds a booking by its reference in any case, with spaces or a dash, and answers its slot', async () => {
      const { reference } = near;
      for (const typed of [reference, reference.toLowerCase(), `${reference.slice(0, 4)}-${reference.slice(4)}`]) {
        const answer = await found(c.manager.token, typed);
        expect(answer.booking).toMatchObject({ _id: near.id, reference, name: 'Ana Near' });
        expect(answer.slot).toEqual({ day: DAY, time: '12:15', tour: 'Old Town Walk' });
      }
      expect((await found(c.manager.token, ` ${reference.slice(0, 4)} ${reference.slice(4)} `)).booking._id).toBe(
        near.id,
      );
    });

    it('finds a booking by the URL of its QR code', async () => {
      const answer = await found(c.manager.token, `https://tours.example/b/${near.reference}`);
      expect(answer.booking._id).toBe(near.id);
    });

    it('finds a booking by its channel reference, alone (any case) or in a voucher’s text', async () => {
      expect((await found(c.manager.token, 'gyg-77a1')).booking._id).toBe(near.id);
      const voucher = 'GetYourGuide voucher\nBooking: GYG-77A1\nLead traveller: Ana Near, 2 adults';
      expect((await found(c.manager.token, voucher)).booking._id).toBe(near.id);
      expect((await found(c.manager.token, 'https://ota.example/voucher?ref=V-9001&lang=en')).booking._id).toBe(
        later.id,
      );
    });

    it('finds a booking by what its source’s scan pattern extracts, among that source’s bookings', async () => {
      // The voucher's code holds the reference inside a longer word: no word of it is the channel's reference.
      const scanned = 'BR-V-9001-X1';
      expect((await lookup(c.manager.token, scanned)).statusCode).toBe(404);
      const elsewhere = await setPattern('manual', '^BR-(V-\\d+)');
      expect(elsewhere.statusCode).toBe(200);
      expect((await lookup(c.manager.token, scanned)).statusCode).toBe(404);
      const set = await setPattern('viator', '^BR-(V-\\d+)');
      expect(set.statusCode).toBe(200);
      expect(set.json().sources.find((s: { label: string }) => s.label === 'Viator')).toMatchObject({
        scanPattern: '^BR-(V-\\d+)',
      });
      expect((await found(c.manager.token, scanned)).booking._id).toBe(later.id);
      const removed = await setPattern('viator', '');
      expect(removed.json().sources.find((s: { label: string }) => s.label === 'Viator')).not.toHaveProperty(
        'scanPattern',
      );
      await setPattern('manual', null);
      expect((await lookup(c.manager.token, scanned)).statusCode).toBe(404);
    });

    it('answers 404 NOT_FOUND when nothing matches, for a manual booking’s placeholder, and for another company’s', async () => {
      for (const value of ['NOPE2345', 'Manually added', 'THEIRS-1', theirs.reference]) {
        const res = await lookup(c.manager.token, value);
        expect([value, res.statusCode, res.json().code]).toEqual([value, 404, 'NOT_FOUND']);
      }
    });

    it('answers 400 VALIDATION for an empty or over-long code', async () => {
      for (const value of ['', '   ', 'x'.repeat(501)]) {
        const res = await lookup(c.manager.token, value);
        expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION']);
      }
      const missing = await t.app.inject({ url: '/api/bookings/lookup', headers: bearer(c.manager.token) });
      expect([missing.statusCode, missing.json().code]).toEqual([400, 'VALIDATION']);
    });

    it('refuses a Guide a booking outside their window with the usual message, and finds one inside', async () => {
      expect((await found(c.guide.token, near.reference)).booking._id).toBe(near.id);
      const hidden = await lookup(c.guide.token, later.reference);
      expect(hidden.statusCode).toBe(403);
      expect(hidden.json()).toMatchObject({ code: 'SLOT_HIDDEN' });
      const usual = await t.app.inject({ url: `/api/bookings/${later.id}/history`, headers: bearer(c.guide.token) });
      expect(hidden.json().error).toBe(usual.json().error);
    });

    it('leaves out the phone for a role the company does not show phones to', async () => {
      const hiding = await createCompany(t.app, t.db, { showPhoneToGuides: false });
      const booking = await addBooking(t.db, hiding.companyId, { date: DAY, time: '12:15', phone: '+34 600 1' });
      const byManager = await found(hiding.manager.token, booking.reference);
      expect(byManager.booking.phone).toBe('+34 600 1');
      const byGuide = await found(hiding.guide.token, booking.reference);
      expect(byGuide.booking).not.toHaveProperty('phone');
    });
  });

  describe('a source’s scan pattern', () => {
    it.each([
      ['VTR(', 'scanPattern: Not a valid regular expression'],
      ['VTR\\d+', 'scanPattern: Needs a group, in brackets, around the reference'],
      ['(?:VTR)\\d+', 'scanPattern: Needs a group, in brackets, around the reference'],
      ['(a+)+$', 'scanPattern: A repeated group may not repeat inside itself'],
      ['((ab)*c)+(x)', 'scanPattern: A repeated group may not repeat inside itself'],
      ['(a)\\1', 'scanPattern: Back-references are not allowed'],
      [`(${'x'.repeat(200)})`, 'scanPattern: At most 200 characters'],
    ])('refuses %s: %s', async (pattern, error) => {
      const res = await setPattern('viator', pattern);
      expect([res.statusCode, res.json()]).toEqual([400, expect.objectContaining({ code: 'VALIDATION', error })]);
    });

    it('is a source’s only, and a Manager’s to set', async () => {
      const tour = await t.app.inject({
        method: 'PATCH',
        url: `/api/company/${c.companyId}/tours/${c.tourIds['Old Town Walk']}`,
        headers: bearer(c.manager.token),
        payload: { scanPattern: 'T-(\\d+)' },
      });
      expect([tour.statusCode, tour.json().code]).toEqual([400, 'VALIDATION']);
      const byGuide = await setPattern('viator', 'V-(\\d+)', c.guide.token);
      expect([byGuide.statusCode, byGuide.json().code]).toEqual([403, 'FORBIDDEN']);
    });
  });
});
