import type { ReactNode } from 'react';
import { RetryAlert } from '../components/LoadStates';
import { PageSpinner } from '../components/PageSpinner';
import { useGetCompanyQuery } from '../services/companyApi';
import { errorMessage } from '../services/errors';

/** A signed-in page once the company is read (from the server, or without a network the copy on the device). */
export function CompanyGate({ children }: { children: ReactNode }) {
  const { data, error, refetch } = useGetCompanyQuery();
  if (data) return children;
  if (error) return <RetryAlert onRetry={refetch}>{errorMessage(error)}</RetryAlert>;
  return <PageSpinner />;
}
