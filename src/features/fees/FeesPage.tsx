import { Page } from '../../components/Page';

export function FeesPage() {
  return <Page title="Fees" />;
}
