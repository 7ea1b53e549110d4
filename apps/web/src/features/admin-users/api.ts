import { ADMIN_USER_MESSAGES, type BulkUserAction, type InvitableRole, type UserStatusFilter } from '@fhp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { iamPost } from '../../lib/auth/iamClient';
import { readAccessToken } from '../../lib/auth/session';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf } from '../../lib/graphql/graphql';

/* The administrators' users list and actions (issue 11; decision 050). */

const UsersQuery = graphql(`
  query ListOfUser($input: UserListInput) {
    getListOfUser(input: $input) {
      currentPage pageSize totalCount totalPages
      data { id vuid email firstName lastName accountStatus suspended emailVerified group img createdAt status }
    }
  }
`);
export type UserPage = ResultOf<typeof UsersQuery>['getListOfUser'];
export type AdminUser = UserPage['data'][number];

const SuspendMutation = graphql(`mutation SuspendUser($email: String!) { suspendUser(email: $email) { message } }`);
const ReactivateMutation = graphql(`mutation ReactivateUser($email: String!) { reactivateUser(email: $email) { message } }`);
const RemoveMutation = graphql(`mutation RemoveUser($email: String!) { removeUser(email: $email) { message } }`);
const BulkMutation = graphql(`
  mutation BulkUserAction($action: String!, $emails: [String!]!) { bulkUserAction(action: $action, emails: $emails) { email ok message } }
`);
export type BulkOutcome = ResultOf<typeof BulkMutation>['bulkUserAction'][number];

export interface UserListFilters {
  search: string;
  status: UserStatusFilter;
  page: number;
  pageSize: number;
}

const KEY = ['admin-users'] as const;

export function useUserList(filters: UserListFilters) {
  return useQuery({
    queryKey: [...KEY, filters],
    retry: false,
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
    queryFn: async () => (await request(UsersQuery, { input: filters })).getListOfUser,
  });
}

export type UserAction = 'suspend' | 'reactivate' | 'delete' | 'invite' | 'reinvite';

async function runAction(action: UserAction, email: string): Promise<string> {
  switch (action) {
    case 'suspend':
      return (await request(SuspendMutation, { email })).suspendUser.message;
    case 'reactivate':
      return (await request(ReactivateMutation, { email })).reactivateUser.message;
    case 'delete':
      return (await request(RemoveMutation, { email })).removeUser.message;
    case 'invite':
      // A user created or imported but never sent an invitation: the same call, the spec's invite text.
      await iamPost<{ message: string }>('/invitation/send', { email, inviteType: 'EMAIL_VERIFICATION' }, { token: readAccessToken() });
      return ADMIN_USER_MESSAGES.invited;
    case 'reinvite':
      // The spec's re-invite is the identity service's REST call.
      return (await iamPost<{ message: string }>('/invitation/send', { email, inviteType: 'EMAIL_VERIFICATION' }, { token: readAccessToken() })).message;
  }
}

/** One action on one user; the list refreshes after it, whatever happened. */
export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, email }: { action: UserAction; email: string }) => runAction(action, email),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useBulkUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, emails }: { action: BulkUserAction; emails: string[] }) => (await request(BulkMutation, { action, emails })).bulkUserAction,
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  role: InvitableRole;
}

/** New User: the identity service's invite (spec part 2 section 7), emailed at once. */
export function useInviteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (user: NewUser) =>
      (
        await iamPost<{ message: string }>(
          '/user/invite',
          { email: user.email, firstName: user.firstName, lastName: user.lastName, invite: true, role: { name: user.role } },
          { token: readAccessToken() },
        )
      ).message,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
