import { useGetSlotShiftQuery, type ShiftArgs, type SlotArgs } from '../slotApi';
import { useCompany } from '../../../services/companyApi';

/** The slot's shift: a Shift, null when there is none yet, undefined until known (`isLoading` on the first ask). */
export function useSlotShift(slot: SlotArgs) {
  const company = useCompany();
  const args: ShiftArgs = { ...slot, companyName: company.name };
  const { currentData: shift, error, isLoading, refetch } = useGetSlotShiftQuery(args);
  return { args, shift, error, isLoading, refetch };
}
