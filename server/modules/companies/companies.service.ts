import { companySeenBy, type Company } from '../../../src/domain/company';
import type { CompanySettingsBody } from '../../../src/domain/schemas/company';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { NotFoundError } from '../../errors';
import { recordEvents } from '../eventLog/eventLog';
import { findCompany, updateCompanySettings, updateTour } from './companies.repository';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

export const TOUR_NOT_FOUND = ERROR_MESSAGES.TOUR_NOT_FOUND;
const companyNotFound = () => new NotFoundError(ERROR_MESSAGES.COMPANY_NOT_FOUND, 'COMPANY_NOT_FOUND');

/** The company as the app keeps it, and tour customisation (spec §2 Account: Managers only, the routes check). */
export class CompaniesService {
  constructor(private readonly tenancy: Tenancy) {}

  get(caller: Caller): Promise<Company> {
    return this.tenancy.readAs(caller, async (tx, auth) => {
      const company = await findCompany(tx, auth.companyId);
      if (!company) throw companyNotFound();
      return companySeenBy(company, auth.role);
    });
  }

  /**
   * A Manager's settings: what depends on them (a Guide's window, the lock, what each role is shown, dates in the
   * zone) is judged afresh on every call, so the change holds from the next request on. Another company's id is 404.
   */
  updateSettings(caller: Caller, companyId: string, changes: CompanySettingsBody): Promise<Company> {
    if (companyId !== caller.companyId) throw companyNotFound();
    return this.tenancy.runAs(caller, async (tx, auth) => {
      // A zone sent, changed or the same, is a Manager's word for it: no longer sign-up's guess.
      const confirmsZone = changes.timezone !== undefined && auth.company.timezoneGuessed;
      const stored = confirmsZone ? { ...changes, timezoneGuessed: false } : changes;
      await updateCompanySettings(tx, auth.companyId, stored);
      const keys = Object.keys(stored) as Array<keyof typeof stored>;
      await recordEvents(tx, auth, [
        {
          kind: 'company.settingsChanged',
          before: Object.fromEntries(keys.map((key) => [key, auth.company[key]])),
          after: stored,
        },
      ]);
      const company = await findCompany(tx, auth.companyId);
      if (!company) throw companyNotFound();
      return company;
    });
  }

  /** Another company's id reads as a tour that does not exist here. */
  customiseTour(
    caller: Caller,
    companyId: string,
    tourId: string,
    changes: { color?: string; flag?: string },
  ): Promise<Company> {
    if (companyId !== caller.companyId) throw new NotFoundError(TOUR_NOT_FOUND, 'TOUR_NOT_FOUND');
    return this.tenancy.runAs(caller, async (tx, auth) => {
      const before = (await findCompany(tx, auth.companyId))?.tours.find((t) => t._id === tourId || t.id === tourId);
      if (!before || !(await updateTour(tx, auth.companyId, tourId, changes))) {
        throw new NotFoundError(TOUR_NOT_FOUND, 'TOUR_NOT_FOUND');
      }
      await recordEvents(tx, auth, [
        {
          kind: 'company.tourChanged',
          before: { Tour: before.label, Colour: before.color, Flag: before.flag },
          after: { Tour: before.label, Colour: changes.color ?? before.color, Flag: changes.flag ?? before.flag },
        },
      ]);
      const company = await findCompany(tx, auth.companyId);
      if (!company) throw new NotFoundError(TOUR_NOT_FOUND, 'TOUR_NOT_FOUND');
      return company;
    });
  }
}
