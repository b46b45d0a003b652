import { useGetSlotActivityQuery, type SlotArgs } from '../slotApi';
import { HistoryList } from './HistoryList';
import { useT } from '../../../services/i18n/useT';

/** The slot's latest changes, each naming its booking; read when the section is first opened. */
export default function SlotActivity({ slot }: { slot: SlotArgs }) {
  const t = useT();
  const { currentData, error, refetch } = useGetSlotActivityQuery(slot);
  return <HistoryList label={t('Recent activity')} entries={currentData} error={error} onRetry={refetch} />;
}
