import type { AuthUser, ChangePasswordBody } from '../../domain/auth';
import type { Language } from '../../domain/languages';
import { api } from '../../services/api';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<{ message: string }, ChangePasswordBody>({
      query: (body) => ({ url: '/api/user/changePassword', method: 'POST', body }),
    }),
    changeLanguage: build.mutation<{ user: AuthUser }, Language>({
      query: (language) => ({ url: '/api/user/me', method: 'PATCH', body: { language } }),
    }),
  }),
});

export const { useChangePasswordMutation, useChangeLanguageMutation } = accountApi;
