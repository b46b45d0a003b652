import { currentLanguage } from '../../src/services/i18n/language';
import { http, HttpResponse } from 'msw';
import type { AuthUser } from '../../src/domain/auth';
import type { Company } from '../../src/domain/company';
import type { OutboxEntry } from '../../src/domain/outbox';
import type { AppPreloadedState } from '../../src/app/store';
import type { Session } from '../../src/features/auth/authSlice';
import { API_ORIGIN } from '../../src/services/baseQueryWithReauth';

export const apiUrl = (path: string) => `${API_ORIGIN}${path}`;

function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned-looking HS256 JWT: jwt-decode reads the payload without verifying the signature. */
export function makeJwt(expiresInSeconds: number, sub = 'user-1'): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub, exp, typ: 'access' })}.c2lnbmF0dXJl`;
}

export const freshToken = () => makeJwt(15 * 60);
export const expiredToken = () => makeJwt(-60);

export const company: Company = {
  _id: 'company-1',
  name: 'Demo Tours',
  timezone: 'Europe/Madrid',
  tours: [],
  sources: [{ id: 'Walkin', label: 'Walkin' }],
  beforeTime: 60,
  afterTime: 60,
  hideBookings: true,
  unlockBookings: false,
  showPhoneToManagers: true,
  showPhoneToGuides: false,
  display: true,
  hideSourcesCopyOnly: false,
  displaySourcesModal: false,
  detailedShifts: false,
  defaultLanguage: 'en',
};

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    _id: 'user-1',
    email: 'manager@demo.test',
    token: freshToken(),
    role: 'Manager',
    assignable: true,
    name: 'Maria Manager',
    // The member reads the language on screen: inSpanish() before signing one in makes them a Spanish reader.
    language: currentLanguage(),
    company,
    ...overrides,
  };
}

/** What a test starts from: the store's state, and the company in the app's cache as a sign-in's answer puts it. */
export type TestState = AppPreloadedState & { company?: Company };

/** The session the app keeps of a sign-in's user: everything but the company, which is server data. */
export const sessionOf = ({ company: _company, ...session }: AuthUser): Session => session;

/** Just signed in: the session, and the company the sign-in answered. */
export const signedIn = (user: AuthUser = makeUser()): TestState => ({
  auth: { user: sessionOf(user), status: 'ready' },
  company: user.company,
});
export const signedOut = (): TestState => ({ auth: { user: null, status: 'ready' } });
/**
 * A page load before the on-load rule has run (status is never persisted, so it starts here); the company is read
 * from the server (or the device's copy) once the session is settled.
 */
export const loading = (user: AuthUser | null): TestState => ({
  auth: { user: user && sessionOf(user), status: 'checking' },
});

/** GET /api/company answered with `answer` (the fixtures' company by default). */
export const companyIs = (answer: Company = company) =>
  http.get(apiUrl('/api/company'), () => HttpResponse.json(answer));

/** A promise the test resolves, to hold a mocked response while asserting the in-between state. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** The call every signed-in landing makes (today's bookings), answered with an empty day. */
export const emptyDays = () =>
  http.get(apiUrl('/api/bookings/date/:day'), () => HttpResponse.json({ bookings: [], hiddenSlots: 0 }));

/** The Settings page's channel API keys (test/ui/apiKeysSection.test.tsx tests them), for a company with none. */
export const noApiKeys = () => http.get(apiUrl('/api/company/api-keys'), () => HttpResponse.json([]));

/** The Settings page's other sections (timetable, API keys) answered empty, for tests about one section. */
export const quietSettingsSections = () => [
  noApiKeys(),
  http.get(apiUrl('/api/company/:companyId/timetable'), () => HttpResponse.json({ departures: [], exceptions: [] })),
];

/** A check-in waiting on the device (street mode's outbox) of member u1, the `seq`-th tapped. */
export const waitingEntry = (seq: number, id = `op-${seq}`): OutboxEntry => ({
  id,
  userId: 'u1',
  bookingId: `b${seq}`,
  slot: { day: '2026-11-26', time: '10:00', tour: 'Walk' },
  attendees: [{ Adults: 2 }],
  base: [],
  madeAt: '2026-11-26T09:58:00.000Z',
  seq,
  state: 'waiting',
});

/** Empty answers for every call the signed-in pages make on opening, for tests about routing rather than data. */
export const quietPages = () => [
  emptyDays(),
  // A kept session reads its company on load.
  companyIs(),
  http.post(apiUrl('/api/bookings/fees'), () => HttpResponse.json([])),
  http.get(apiUrl('/api/user/users/company'), () => HttpResponse.json([])),
  http.get(apiUrl('/api/user/guides/company'), () => HttpResponse.json([])),
  http.post(apiUrl('/api/shift/guide-time-range'), () => HttpResponse.json([])),
];
