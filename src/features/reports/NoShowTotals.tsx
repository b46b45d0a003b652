import { CUSTOMER_TYPE_LABELS } from '../../components/customerTypeLabels';
import { TotalsPanel } from '../../components/TotalsPanel';
import { countsFromList, CUSTOMER_TYPES, type CountList } from '../../domain/customerTypes';
import { useT } from '../../services/i18n/useT';

/** The server's no-show totals per customer type, over every booking the report matches (all pages). */
export function NoShowTotals({ totals }: { totals: CountList | undefined }) {
  const t = useT();
  const counts = totals && countsFromList(totals);
  return (
    <TotalsPanel
      title={t('No-show totals')}
      caption={t('Guests who did not show up, over every page of this report')}
      totals={CUSTOMER_TYPES.map((type) => ({ label: t(CUSTOMER_TYPE_LABELS[type]), value: counts?.[type] }))}
    />
  );
}
