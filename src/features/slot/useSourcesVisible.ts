import { useSignedInUser } from '../../app/hooks';
import { useCompany } from '../../services/companyApi';

/** Spec §6: source labels show when the company displays them, and always to Managers. */
export function useSourcesVisible(): boolean {
  const { role } = useSignedInUser();
  const company = useCompany();
  return company.display || role === 'Manager';
}
