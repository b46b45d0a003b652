import type { Company, TourColor, TourFlag } from '../domain/company';
import { api } from './api';
import { showChangedCompany } from './companyChanges';

/** One of a tour's looks, as its call (spec §7: …/{tourId}/color or …/flag) takes it. */
export type TourLook = { color: TourColor } | { flag: TourFlag };

// A tour's colour or flag, set from Account and from Settings › Tours alike.
export const tourLookApi = api.injectEndpoints({
  endpoints: (build) => ({
    setTourLook: build.mutation<Company, { companyId: string; tourId: string; look: TourLook }>({
      query: ({ companyId, tourId, look }) => ({
        url: `/api/company/${companyId}/${tourId}/${'color' in look ? 'color' : 'flag'}`,
        method: 'PATCH',
        body: look,
      }),
      onQueryStarted: showChangedCompany,
    }),
  }),
});

export const { useSetTourLookMutation } = tourLookApi;
