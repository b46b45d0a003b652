import { TotalsPanel } from '../../components/TotalsPanel';
import { countsFromList, CUSTOMER_TYPES, type CountList } from '../../domain/customerTypes';

/** The server's no-show totals per customer type, over every booking the report matches (all pages). */
export function NoShowTotals({ totals }: { totals: CountList | undefined }) {
  const counts = totals && countsFromList(totals);
  return (
    <TotalsPanel
      title="No-show totals"
      caption="Guests who did not show up, over every page of this report"
      totals={CUSTOMER_TYPES.map((type) => ({ label: type, value: counts?.[type] }))}
    />
  );
}
