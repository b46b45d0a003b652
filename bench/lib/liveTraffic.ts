/**
 * The offices of the live bench: per company, streams of its Manager and Guides, and device A, the same Manager and
 * a Guide signed in again, checking bookings in one at a time on the process other than the Manager's stream.
 */
import type { ServerProcess } from './appProcess';
import type { LiveClient } from './liveClient';
import { checkIn, type DeliveryTracker } from './liveLatency';
import { signIn, type Session } from './sessions';
import { between, random, type SeededBooking, type SeededCompany } from './trafficData';

export interface Office {
  company: SeededCompany;
  index: number;
  /** Stream sessions first (the Manager's, then Guides'), then device A's Manager and Guide. */
  sessions: Session[];
  streams: LiveClient[];
  /** The bookings in a fixed shuffled order: one comes round again only after all the others. */
  queue: SeededBooking[];
  next: number;
}

/** Member j of company c streams from server (c + j) mod n: the Manager's on c's, device A on the next. */
export const serverOf = (servers: ServerProcess[], c: number, j: number) =>
  servers[(c + j) % servers.length] as ServerProcess;

export async function signInOffices(
  servers: ServerProcess[],
  companies: SeededCompany[],
  streamsPerCompany: number,
): Promise<Office[]> {
  const offices = companies.map((company, index) => {
    const rng = random(index + 1);
    const queue = company.bookings
      .map((booking) => ({ booking, key: rng() }))
      .sort((a, b) => a.key - b.key)
      .map(({ booking }) => booking);
    return { company, index, sessions: [] as Session[], streams: [], queue, next: 0 };
  });
  const jobs = offices.flatMap((office) => {
    const { manager, guides } = office.company;
    const members = [manager, ...guides.slice(0, streamsPerCompany - 1), manager, guides[0] ?? manager];
    return members.map((member, j) => ({ office, member, j }));
  });
  let next = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      job.office.sessions[job.j] = await signIn(serverOf(servers, job.office.index, job.j).url, job.member);
    }
  };
  // A few at a time: each sign-in verifies an argon2 hash.
  await Promise.all(Array.from({ length: 4 }, worker));
  return offices;
}

export interface CheckInOutcome {
  ok: boolean;
  problem?: string;
}

/** Device A checks the office's next booking in; the tracker times its arrival on the Manager's stream. */
export async function checkInNext(
  office: Office,
  servers: ServerProcess[],
  tracker: DeliveryTracker,
  phase: string,
  today: string,
): Promise<CheckInOutcome> {
  const booking = office.queue[office.next++ % office.queue.length] as SeededBooking;
  const rng = random(office.next * 31 + office.index);
  const attendees = (['Adults', 'Teens', 'Children'] as const)
    .filter((type) => booking.counts[type] > 0)
    .map((type) => ({ [type]: between(rng, 0, booking.counts[type]) }));
  // A Guide may change a slot until 30 minutes after it starts: from tomorrow on, whatever the time of the run.
  const [manager, guide] = office.sessions.slice(-2) as [Session, Session];
  const device = booking.day > today ? guide : manager;
  try {
    const answer = await checkIn(serverOf(servers, office.index, 1).url, device.token, booking.id, attendees);
    if (!answer.booking) return { ok: false, problem: `${booking.id} answered ${answer.status}: ${answer.body}` };
    tracker.acked(phase, answer.booking, answer.at);
    return { ok: true };
  } catch (err) {
    return { ok: false, problem: `${booking.id}: ${String(err)}` };
  }
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/**
 * Device A of one office for `seconds`, one check-in at a time every `intervalMs(elapsed)`: absolute counts, not as
 * fast as the server answers (a late answer makes the next one go at once, no catching up).
 */
export async function drive(
  office: Office,
  seconds: number,
  intervalMs: (elapsedMs: number) => number,
  phaseOf: (elapsedMs: number) => string,
  run: (phase: string) => Promise<void>,
): Promise<void> {
  const start = performance.now();
  const end = start + seconds * 1000;
  let next = start + intervalMs(0) * random(office.index + 7)();
  for (;;) {
    await sleep(Math.min(next, end) - performance.now());
    const now = performance.now();
    if (now >= end) return;
    await run(phaseOf(now - start));
    next = Math.max(next + intervalMs(now - start), performance.now());
  }
}
