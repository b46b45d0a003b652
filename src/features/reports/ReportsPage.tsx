import { Page } from '../../components/Page';

export function ReportsPage() {
  return <Page title="Reports" />;
}
