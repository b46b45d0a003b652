import { useSignedInUser } from '../../../app/hooks';
import { useGetSlotShiftQuery, type ShiftArgs, type SlotArgs } from '../slotApi';

/**
 * The slot's shift: a Shift, null when there is none yet, undefined until known. Skipped while the slot itself
 * has not answered, so a Guide refused the slot is not asked about its shift as well.
 */
export function useSlotShift(slot: SlotArgs, skip: boolean) {
  const { company } = useSignedInUser();
  const args: ShiftArgs = { ...slot, companyName: company.name };
  const { currentData: shift, error, refetch } = useGetSlotShiftQuery(args, { skip });
  return { args, shift, error, refetch };
}
