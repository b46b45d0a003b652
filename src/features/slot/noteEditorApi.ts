import { slotApi } from './slotApi';

/** Saving a note downloads with the note editor, not with the slot page. */
export const noteEditorApi = slotApi.injectEndpoints({
  endpoints: (build) => ({
    saveNote: build.mutation<{ note: string }, { uniqueId: string; note: string }>({
      query: (body) => ({ url: '/api/save', method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { uniqueId }) => [{ type: 'Note', id: uniqueId }],
    }),
  }),
});

export const { useSaveNoteMutation } = noteEditorApi;
