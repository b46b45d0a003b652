import { Page } from '../../components/Page';

export function TeamPage() {
  return <Page title="Manage Team" />;
}
