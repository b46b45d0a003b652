import type { ChangePasswordBody } from '../../domain/auth';
import { api } from '../../services/api';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<{ message: string }, ChangePasswordBody>({
      query: (body) => ({ url: '/api/user/changePassword', method: 'POST', body }),
    }),
  }),
});

export const { useChangePasswordMutation } = accountApi;
