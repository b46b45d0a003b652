import type { ImportMapping, PastImport } from '../../domain/schemas/imports';
import { api } from '../../services/api';

// The tag is this page's own (RTK Query's addTagTypes), as in Settings' API keys.
export const importsApi = api.enhanceEndpoints({ addTagTypes: ['Imports'] }).injectEndpoints({
  endpoints: (build) => ({
    getImportMappings: build.query<ImportMapping[], void>({
      query: () => '/api/imports/mappings',
      providesTags: ['Imports'],
    }),
    getRecentImports: build.query<PastImport[], void>({
      query: () => '/api/imports',
      providesTags: ['Imports'],
    }),
  }),
});

export const { useGetImportMappingsQuery, useGetRecentImportsQuery } = importsApi;

/** After an import every list that shows bookings is read again, with the import's own lists. */
export const importApplied = () =>
  importsApi.util.invalidateTags(['Imports', 'Bookings', 'Slot', 'Report', 'Fees', 'Shift', 'History']);
