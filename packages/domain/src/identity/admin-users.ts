import { z } from 'zod';
import { emailSchema, inviteBodySchema } from './schemas';

/**
 * The administrators' users list and its actions (spec part 2 sections 2, 4 and 8; issue 11).
 * Pure rules shared by the server (which validates with them) and the web (which shows them).
 */

/** The spec's page sizes; the first is the default. */
export const USER_LIST_PAGE_SIZES = [10, 20, 30] as const;
export type UserListPageSize = (typeof USER_LIST_PAGE_SIZES)[number];

/** The filter's choices; `any` means no filter. */
export const USER_STATUS_FILTERS = ['any', 'invited', 'active', 'suspended'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

/** What the list shows in its status column (spec part 2 section 4). */
export type UserDisplayStatus = 'created' | 'invited' | 'verified' | 'active' | 'suspended' | '-';

const DISPLAY_BY_ACCOUNT_STATUS: Readonly<Record<string, UserDisplayStatus>> = {
  USER_ADDED: 'created',
  INVITED: 'invited',
  EMAIL_VERIFIED: 'verified',
  ACC_CREATED: 'active',
  WALLET_REGISTERED: 'active',
  SUSPENDED: 'suspended',
};

/** The suspended flag overrides; otherwise the account status maps, anything unknown is a dash. */
export function userDisplayStatus(user: { accountStatus: string | null; suspended: boolean }): UserDisplayStatus {
  if (user.suspended) return 'suspended';
  return (user.accountStatus !== null && DISPLAY_BY_ACCOUNT_STATUS[user.accountStatus]) || '-';
}

/**
 * A stored account status in words, for the user's detail (issue 20 item 5: it showed "INVITED").
 * Finer than the display status: "Email verified" and "Account created" stay apart.
 */
const ACCOUNT_STATUS_WORDS: Readonly<Record<string, string>> = {
  USER_ADDED: 'Added, not invited yet',
  INVITED: 'Invited',
  EMAIL_VERIFIED: 'Email verified',
  ACC_CREATED: 'Account created',
  WALLET_REGISTERED: 'Account created',
  SUSPENDED: 'Suspended',
};

export function accountStatusWords(accountStatus: string | null): string {
  if (accountStatus === null) return '-';
  return ACCOUNT_STATUS_WORDS[accountStatus] ?? accountStatus.charAt(0) + accountStatus.slice(1).toLowerCase().replace(/_/g, ' ');
}

/** The display status with a capital, as a word of a sentence or a badge ("Invited"). */
export function userDisplayStatusWord(status: string): string {
  return status === '-' ? '-' : status.charAt(0).toUpperCase() + status.slice(1);
}

/** The account statuses a filter choice selects (suspension is the flag, not a status). */
export const ACCOUNT_STATUSES_BY_FILTER: Readonly<Record<Exclude<UserStatusFilter, 'any' | 'suspended'>, readonly string[]>> = {
  invited: ['INVITED'],
  active: ['ACC_CREATED', 'WALLET_REGISTERED'],
};

export const USER_SEARCH_MAX_LENGTH = 100;

export const userListInputSchema = z.object({
  search: z
    .string()
    .trim()
    .max(USER_SEARCH_MAX_LENGTH, `Search must be at most ${USER_SEARCH_MAX_LENGTH} characters`)
    .optional()
    .transform((value) => value ?? ''),
  status: z.enum(USER_STATUS_FILTERS, { error: `Choose a status: ${USER_STATUS_FILTERS.join(', ')}` }).optional().transform((v) => v ?? 'any'),
  page: z.number({ error: 'Page must be a whole number from 1' }).int('Page must be a whole number from 1').min(1, 'Page must be a whole number from 1').max(1_000_000, 'Page is too large').optional().transform((v) => v ?? 1),
  pageSize: z
    .number({ error: 'Page size must be 10, 20 or 30' })
    .refine((v): v is UserListPageSize => (USER_LIST_PAGE_SIZES as readonly number[]).includes(v), 'Page size must be 10, 20 or 30')
    .optional()
    .transform((v): UserListPageSize => v ?? USER_LIST_PAGE_SIZES[0]),
});
export type UserListInput = z.output<typeof userListInputSchema>;

/** The single-user actions by email (spec part 2 section 7: suspendUser, removeUser, reactivateUser). */
export const userEmailInputSchema = z.object({ email: emailSchema });

/** The spec's bulk action names. */
export const BULK_USER_ACTIONS = ['reset_password', 'delete_user', 'suspend_user', 'invite_user'] as const;
export type BulkUserAction = (typeof BULK_USER_ACTIONS)[number];
export const BULK_MAX_USERS = 100;

export const bulkUserActionInputSchema = z.object({
  action: z.enum(BULK_USER_ACTIONS, { error: `Choose an action: ${BULK_USER_ACTIONS.join(', ')}` }),
  emails: z
    .array(emailSchema, { error: 'Select at least one user' })
    .min(1, 'Select at least one user')
    .max(BULK_MAX_USERS, `Select at most ${BULK_MAX_USERS} users at once`)
    .transform((emails) => [...new Set(emails)]),
});
export type BulkUserActionInput = z.output<typeof bulkUserActionInputSchema>;

/** The spec's success texts (part 2 section 2) and our refusals, each a sentence an admin can act on. */
export const ADMIN_USER_MESSAGES = {
  invited: 'User has been invited successfully',
  deleted: 'deleted successfully',
  suspended: 'suspended successfully',
  reinvited: 're-invited successfully (An invite email has been sent to user email address)',
  reactivated: 'activated back successfully',
  passwordReset: 'A sign-in code will be asked at the next sign-in; the password was removed',
  failureTitle: 'Uh oh.',
  failureText: 'Something weird happened',
  failureHint: 'Keep calm and try again',
  noSuchUser: 'There is no user with this email address.',
  notYourself: 'You cannot suspend, delete or reset the password of your own account.',
  notOwner: 'The owner’s account cannot be suspended, deleted or have its password reset.',
  alreadySuspended: 'This user is already suspended.',
  notSuspended: 'This user is not suspended.',
} as const;

/** The New User form: the invite body's own rules, with the role as a plain choice. */
export const inviteFormSchema = inviteBodySchema.pick({ email: true, firstName: true, lastName: true }).extend({
  role: inviteBodySchema.shape.role.shape.name,
});
export type InviteForm = z.output<typeof inviteFormSchema>;
