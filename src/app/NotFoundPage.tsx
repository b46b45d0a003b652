import { PageNotFound } from '../components/PageNotFound';

export function NotFoundPage() {
  return <PageNotFound />;
}
