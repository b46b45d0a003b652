import type { ImportMapping, PastImport, RefusedChange } from '../../domain/schemas/imports';
import { api } from '../../services/api';

/** Every list that shows bookings, which an import or its undo changes, with the import's own lists. */
const IMPORTED = ['Imports', 'Bookings', 'Slot', 'Report', 'Fees', 'Shift', 'History'] as const;

export const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getImportMappings: build.query<ImportMapping[], void>({
      query: () => '/api/imports/mappings',
      providesTags: ['Imports'],
    }),
    getRecentImports: build.query<PastImport[], void>({
      query: () => '/api/imports',
      providesTags: ['Imports'],
    }),
    getRefusedChanges: build.query<RefusedChange[], void>({
      query: () => '/api/imports/refused-changes',
      providesTags: ['Imports'],
    }),
    undoImport: build.mutation<PastImport, string>({
      query: (id) => ({ url: `/api/imports/${encodeURIComponent(id)}/undo`, method: 'POST' }),
      // Refused, the import is read again too: the refusal says it can no longer be undone.
      invalidatesTags: (result) => (result ? [...IMPORTED] : ['Imports']),
    }),
  }),
});

export const { useGetImportMappingsQuery, useGetRecentImportsQuery, useGetRefusedChangesQuery, useUndoImportMutation } =
  importsApi;

/** After an import every list that shows bookings is read again, with the import's own lists. */
export const importApplied = () => importsApi.util.invalidateTags([...IMPORTED]);
