import type { Member } from '../../domain/team';
import { api } from '../../services/api';

export interface AddGuideArgs {
  name: string;
  email: string;
  password: string;
}

export interface AddGuideResult {
  message: string;
  user: Member;
}

// The slot page's guide list provides the same LIST tag, so adding or deleting a member refreshes it too.
const LIST = { type: 'Team' as const, id: 'LIST' };

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeamMembers: build.query<Member[], void>({
      query: () => '/api/user/users/company',
      providesTags: (members = []) => [LIST, ...members.map(({ _id }) => ({ type: 'Team' as const, id: _id }))],
    }),
    addGuide: build.mutation<AddGuideResult, AddGuideArgs>({
      query: (body) => ({ url: '/api/user/addguide', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [LIST] : []),
    }),
    deleteTeamMember: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/user/guides/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // The row goes as soon as the server agrees, before the refetch the invalidation starts comes back.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          teamApi.util.updateQueryData('getTeamMembers', undefined, (members) =>
            members.filter((member) => member._id !== id),
          ),
        );
      },
      invalidatesTags: (result) => (result ? [LIST] : []),
    }),
  }),
});

export const { useGetTeamMembersQuery, useAddGuideMutation, useDeleteTeamMemberMutation } = teamApi;
