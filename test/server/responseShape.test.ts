import Fastify, { type FastifyInstance } from 'fastify';
import { ConflictError } from '../../server/errors';
import { responseSerializerCompiler } from '../../server/lib/responseSerializer';
import { errorHandlerPlugin } from '../../server/plugins/errorHandler';
import { authResponseSchema, errorBodySchema } from '../../src/domain/schemas/auth';
import { bookingSchema, dayBookingsSchema } from '../../src/domain/schemas/booking';

const company = {
  _id: 'c1',
  name: 'Old Town Tours',
  timezone: 'Europe/Madrid',
  tours: [{ _id: 't1', id: 't1', label: 'Old Town Walk', color: 'blue', flag: 'spain' }],
  sources: [{ id: 's1', label: 'Viator' }],
  beforeTime: 60,
  afterTime: 120,
  hideBookings: null,
  unlockBookings: false,
  showPhoneToManagers: true,
  showPhoneToGuides: false,
  display: true,
  hideSourcesCopyOnly: false,
  displaySourcesModal: false,
  detailedShifts: true,
  defaultLanguage: 'es',
};
const user = {
  _id: 'u1',
  email: 'ana@example.test',
  token: 'jwt',
  role: 'Manager',
  assignable: true,
  name: 'Ana',
  language: 'es',
  company,
};
const booking = {
  _id: 'b1',
  bookingId: 'BK1',
  reference: 'ABCD2345',
  name: 'Ana García',
  company: 'c1',
  customers: [{ Adults: 2 }, { Children: 1 }],
  attendees: [{ Adults: 1 }],
  pax: 3,
  date: '2026-06-10',
  time: '10:00',
  tour: 'Old Town Walk',
  source: 'Viator',
  phone: '+34600111222',
  cancelled: false,
  manual: false,
  modifiedBy: null,
  differences: null,
  guide: null,
  createdAt: '2026-06-01T10:00:00.000Z',
  version: 1,
};

describe('answers go through their declared schema', () => {
  let app: FastifyInstance;
  const conflict = errorBodySchema.extend({ current: bookingSchema.optional() });
  beforeAll(async () => {
    app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler);
    await app.register(errorHandlerPlugin);
    app.get('/day', { schema: { response: { 200: dayBookingsSchema } } }, async () => ({
      bookings: [{ ...booking, passwordHash: 'h' }],
      hiddenSlots: 0,
      tenant: 'c1',
    }));
    app.get('/broken', { schema: { response: { 200: dayBookingsSchema } } }, async () => ({
      bookings: [{ ...booking, pax: 'three', name: 'Ana García leaked' }],
      hiddenSlots: 0,
    }));
    app.get('/conflict', { schema: { response: { 409: conflict } } }, async () => {
      throw new ConflictError('Changed meanwhile', 'VERSION_CONFLICT', {
        current: { ...booking, passwordHash: 'h' },
        stack: 'internal',
      });
    });
    app.get('/auth', { schema: { response: { 200: authResponseSchema } } }, async () => ({
      user: { ...user, passwordHash: '$argon2id$v=19$secret', company: { ...company, jwtSecret: 'k' } },
      refreshToken: 'r',
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the declared shape without undeclared keys', async () => {
    const res = await app.inject({ method: 'GET', url: '/day' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bookings: [booking], hiddenSlots: 0 });
  });

  it('answers 500 with the one error body, not the value, when a handler returns what its schema refuses', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side', code: 'INTERNAL' });
    expect(res.body).not.toContain('leaked');
  });

  it('puts error bodies through their declared schema: extra fields of the error are stripped', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Changed meanwhile', code: 'VERSION_CONFLICT', current: booking });
  });

  it('leaves out a password hash and other undeclared keys, at every depth', async () => {
    const res = await app.inject({ method: 'GET', url: '/auth' });
    expect(res.json()).toEqual({ user });
    expect(res.body).not.toMatch(/argon2|jwtSecret|refreshToken/);
  });
});
