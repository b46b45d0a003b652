import type { Timetable } from '../../../src/domain/timetable';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError, NotFoundError } from '../../errors';
import { listEntries } from '../companies/catalog.repository';
import { tours } from '../../db/schema';
import { recordEvents } from '../eventLog/eventLog';
import { readTimetable, replaceTimetable } from './timetable.repository';

const companyNotFound = () => new NotFoundError('Company not found', 'COMPANY_NOT_FOUND');

/** When each tour runs, kept by Managers (the routes check the role); another company's id is 404. */
export class TimetableService {
  constructor(private readonly tenancy: Tenancy) {}

  get(caller: Caller, companyId: string): Promise<Timetable> {
    if (companyId !== caller.companyId) throw companyNotFound();
    return this.tenancy.readAs(caller, (tx, auth) => readTimetable(tx, auth.companyId));
  }

  /** Replaces the whole timetable; every tour it names must be one of the company's, not archived. */
  put(caller: Caller, companyId: string, timetable: Timetable): Promise<Timetable> {
    if (companyId !== caller.companyId) throw companyNotFound();
    return this.tenancy.runAs(caller, async (tx, auth) => {
      const active = new Set(
        (await listEntries(tx, tours, auth.companyId)).filter((t) => !t.archivedAt).map((t) => t.id),
      );
      const check = (list: 'departures' | 'exceptions') =>
        timetable[list].forEach((entry, index) => {
          if (!active.has(entry.tourId)) {
            throw new BadRequestError(`${list}.${index}.tourId: Not one of this company's tours`, 'UNKNOWN_TOUR');
          }
        });
      check('departures');
      check('exceptions');
      const before = await readTimetable(tx, auth.companyId);
      await replaceTimetable(tx, auth.companyId, timetable);
      const counts = (t: Timetable) => ({ Departures: t.departures.length, Exceptions: t.exceptions.length });
      await recordEvents(tx, auth, [
        {
          kind: 'company.timetableChanged',
          before: counts(before),
          after: counts(timetable),
        },
      ]);
      return readTimetable(tx, auth.companyId);
    });
  }
}
