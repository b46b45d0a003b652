/** Signed-in sessions for the shared traffic: one autocannon connection is one company's office. */
import {
  BENCH_PASSWORD,
  type Member,
  type SeededBooking,
  type SeededCompany,
  type TrafficFixture,
} from './trafficData';

export interface Session extends Member {
  token: string;
  refresh: string;
}

/** One autocannon connection: a company's office, with its Manager and one Guide signed in on it. */
export interface Connection {
  company: SeededCompany;
  manager: Session;
  guide: Session;
  /** Check-ins of a booking come from one connection only, so its last acknowledged check-in is what must be stored. */
  checkInsByManager: SeededBooking[];
  /** The guide's share: bookings from tomorrow on, which a Guide may still change however long the run lasts. */
  checkInsByGuide: SeededBooking[];
}

export function refreshCookieOf(setCookie: string | string[] | undefined): string | undefined {
  for (const cookie of [setCookie ?? []].flat()) {
    const match = /^tourdesk_refresh=([^;]*)/.exec(cookie);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

export async function signIn(baseUrl: string, member: Member): Promise<Session> {
  const res = await fetch(`${baseUrl}/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${member.email} answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { user: { token: string } };
  const refresh = refreshCookieOf(res.headers.getSetCookie());
  if (!refresh) throw new Error(`sign-in of ${member.email} set no refresh cookie`);
  return { ...member, token: body.user.token, refresh };
}

/** Signs in a Manager and a Guide for each connection; connection i serves company i mod N. */
export async function signInConnections(
  baseUrl: string,
  fixture: TrafficFixture,
  count: number,
): Promise<Connection[]> {
  const plans = Array.from({ length: count }, (_, i) => {
    const company = fixture.companies[i % fixture.companies.length] as SeededCompany;
    const guide = company.guides[Math.floor(i / fixture.companies.length) % company.guides.length] as Member;
    return { company, managerMember: company.manager, guideMember: guide, index: i };
  });
  const connections: Connection[] = new Array(count);
  // A few at a time: each sign-in verifies an argon2 hash.
  let next = 0;
  const worker = async () => {
    while (next < plans.length) {
      const plan = plans[next++];
      if (!plan) return;
      const [manager, guide] = [await signIn(baseUrl, plan.managerMember), await signIn(baseUrl, plan.guideMember)];
      connections[plan.index] = { company: plan.company, manager, guide, checkInsByManager: [], checkInsByGuide: [] };
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  for (const company of fixture.companies) {
    const mine = connections.filter((conn) => conn.company === company);
    if (mine.length === 0) continue;
    company.bookings.forEach((booking, i) => {
      const conn = mine[i % mine.length] as Connection;
      if (booking.day > fixture.today) conn.checkInsByGuide.push(booking);
      else conn.checkInsByManager.push(booking);
    });
  }
  return connections;
}
