import type { Company } from '../domain/company';
import { companyApi } from './companyApi';

/**
 * A Manager's change answers the company as it is after it: every page shows it at once. An answer that arrives after
 * someone else signed in is not about their company.
 */
export async function showChangedCompany(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Company }> },
): Promise<void> {
  const answer = await queryFulfilled.catch(() => undefined);
  if (!answer) return;
  const changed = answer.data;
  dispatch(
    companyApi.util.updateQueryData('getCompany', undefined, (shown) => (shown._id === changed._id ? changed : shown)),
  );
}
