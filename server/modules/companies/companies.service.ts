import type { Company } from '../../../src/domain/company';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { NotFoundError } from '../../errors';
import { findCompany, updateTour } from './companies.repository';

export const TOUR_NOT_FOUND = 'Tour not found';

/** The company as the app keeps it, and tour customisation (spec §2 Account: Managers only, the routes check). */
export class CompaniesService {
  constructor(private readonly tenancy: Tenancy) {}

  get(caller: Caller): Promise<Company> {
    return this.tenancy.runAs(caller, async (tx, auth) => {
      const company = await findCompany(tx, auth.companyId);
      if (!company) throw new NotFoundError('Company not found', 'COMPANY_NOT_FOUND');
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
      if (!(await updateTour(tx, auth.companyId, tourId, changes))) {
        throw new NotFoundError(TOUR_NOT_FOUND, 'TOUR_NOT_FOUND');
      }
      const company = await findCompany(tx, auth.companyId);
      if (!company) throw new NotFoundError(TOUR_NOT_FOUND, 'TOUR_NOT_FOUND');
      return company;
    });
  }
}
