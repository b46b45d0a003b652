import type { Booking } from '../../../domain/booking';
import type { SaveShiftGuidesBody, Shift } from '../../../domain/team';
import { slotApi, type ShiftArgs, type SlotArgs } from '../slotApi';
import { shiftReportTag, shiftStringOf, shiftTag, slotAndDayTags } from '../slotTags';

export interface SaveShiftGuidesArgs {
  slot: ShiftArgs;
  selectedItems: SaveShiftGuidesBody['selectedGuides']['selectedItems'];
}

export interface AssignGuideArgs extends SlotArgs {
  bookingIds: string[];
  /** A member's name, or null for Unassigned. */
  guide: string | null;
}

/** Split and Assign write the slot's guides: these download with their dialogs, not with the slot page. */
export const shiftApi = slotApi.injectEndpoints({
  endpoints: (build) => ({
    saveShiftGuides: build.mutation<Shift, SaveShiftGuidesArgs>({
      query: ({ slot, selectedItems }) => {
        const body: SaveShiftGuidesBody = { selectedGuides: { selectedItems } };
        return { url: `/api/shift/${encodeURIComponent(shiftStringOf(slot))}/guides`, method: 'POST', body };
      },
      // The answer is the saved shift: the header shows it at once, before the refetch the tag starts.
      async onQueryStarted({ slot }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(slotApi.util.updateQueryData('getSlotShift', slot, () => data));
        } catch {
          // The dialog shows the failure; the cache keeps the shift as it was.
        }
      },
      invalidatesTags: (_result, error, { slot }) => (error ? [] : [shiftTag(slot), shiftReportTag]),
    }),
    /** The answer replaces the moved bookings at once, so the groups update without waiting for the refetch. */
    assignGuide: build.mutation<Booking[], AssignGuideArgs>({
      query: ({ bookingIds, guide }) => ({
        url: '/api/bookings/assign-guide',
        method: 'PUT',
        body: { bookingIds, guide },
      }),
      async onQueryStarted({ bookingIds: _ids, guide: _guide, ...slot }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const updated = new Map(data.map((booking) => [booking._id, booking]));
          dispatch(
            slotApi.util.updateQueryData('getSlotBookings', slot, (draft) => {
              draft.bookings = draft.bookings.map((booking) => updated.get(booking._id) ?? booking);
            }),
          );
        } catch {
          // The dialog shows the failure; nothing was changed in the cache.
        }
      },
      // Refetched after a refusal too: a lock or a vanished booking means the slot changed meanwhile. The shift too:
      // its guides' counts follow the bookings assigned to them.
      invalidatesTags: (_result, _error, { bookingIds: _ids, guide: _guide, ...slot }) => [
        ...slotAndDayTags(slot),
        shiftTag(slot),
        shiftReportTag,
      ],
    }),
  }),
});

export const { useSaveShiftGuidesMutation, useAssignGuideMutation } = shiftApi;
