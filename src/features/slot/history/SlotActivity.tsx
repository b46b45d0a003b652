import { useGetSlotActivityQuery, type SlotArgs } from '../slotApi';
import { HistoryList } from './HistoryList';

/** The slot's latest changes, each naming its booking; read when the section is first opened. */
export default function SlotActivity({ slot }: { slot: SlotArgs }) {
  const { currentData, error, refetch } = useGetSlotActivityQuery(slot);
  return <HistoryList label="Recent activity" entries={currentData} error={error} onRetry={refetch} />;
}
