import type { Company, TourColor, TourFlag } from '../domain/company';
import { api } from './api';
import { followCompany } from './catalogApi';

// A tour's colour and flag (spec §7), set from Account and from Settings › Tours alike.
export const tourLookApi = api.injectEndpoints({
  endpoints: (build) => ({
    setTourColor: build.mutation<Company, { companyId: string; tourId: string; color: TourColor }>({
      query: ({ companyId, tourId, color }) => ({
        url: `/api/company/${companyId}/${tourId}/color`,
        method: 'PATCH',
        body: { color },
      }),
      onQueryStarted: followCompany,
    }),
    setTourFlag: build.mutation<Company, { companyId: string; tourId: string; flag: TourFlag }>({
      query: ({ companyId, tourId, flag }) => ({
        url: `/api/company/${companyId}/${tourId}/flag`,
        method: 'PATCH',
        body: { flag },
      }),
      onQueryStarted: followCompany,
    }),
  }),
});

export const { useSetTourColorMutation, useSetTourFlagMutation } = tourLookApi;
