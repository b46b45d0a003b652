import { Page } from '../../components/Page';

export function ShiftsPage() {
  return <Page title="Shifts" />;
}
