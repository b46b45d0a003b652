import type { ChangePasswordBody } from '../../domain/auth';
import type { Company, TourColor, TourFlag } from '../../domain/company';
import { api } from '../../services/api';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<{ message: string }, ChangePasswordBody>({
      query: (body) => ({ url: '/api/user/changePassword', method: 'POST', body }),
    }),
    /** Both answer the updated company; the caller dispatches companyUpdated so every screen follows. */
    setTourColor: build.mutation<Company, { companyId: string; tourId: string; color: TourColor }>({
      query: ({ companyId, tourId, color }) => ({
        url: `/api/company/${companyId}/${tourId}/color`,
        method: 'PATCH',
        body: { color },
      }),
    }),
    setTourFlag: build.mutation<Company, { companyId: string; tourId: string; flag: TourFlag }>({
      query: ({ companyId, tourId, flag }) => ({
        url: `/api/company/${companyId}/${tourId}/flag`,
        method: 'PATCH',
        body: { flag },
      }),
    }),
  }),
});

export const { useChangePasswordMutation, useSetTourColorMutation, useSetTourFlagMutation } = accountApi;
