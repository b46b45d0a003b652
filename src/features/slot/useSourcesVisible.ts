import { useSignedInUser } from '../../app/hooks';

/** Spec §6: source labels show when the company displays them, and always to Managers. */
export function useSourcesVisible(): boolean {
  const { role, company } = useSignedInUser();
  return company.display || role === 'Manager';
}
