import { describe, expect, it } from 'vitest';
import { accountStatusWords, bulkUserActionInputSchema, userDisplayStatus, userDisplayStatusWord, userListInputSchema } from './admin-users';

describe('userDisplayStatus (spec part 2 section 4)', () => {
  it.each([
    ['USER_ADDED', 'created'],
    ['INVITED', 'invited'],
    ['EMAIL_VERIFIED', 'verified'],
    ['ACC_CREATED', 'active'],
    ['WALLET_REGISTERED', 'active'],
    ['SUSPENDED', 'suspended'],
    ['SOMETHING_ELSE', '-'],
  ])('maps %s to %s', (accountStatus, shown) => {
    expect(userDisplayStatus({ accountStatus, suspended: false })).toBe(shown);
  });

  it('lets the suspended flag override every status', () => {
    expect(userDisplayStatus({ accountStatus: 'ACC_CREATED', suspended: true })).toBe('suspended');
    expect(userDisplayStatus({ accountStatus: null, suspended: false })).toBe('-');
  });
});

describe('list and bulk inputs', () => {
  it('defaults to the first page of 10, any status, no search', () => {
    expect(userListInputSchema.parse({})).toEqual({ search: '', status: 'any', page: 1, pageSize: 10 });
  });

  it('accepts only the spec’s page sizes', () => {
    for (const pageSize of [10, 20, 30]) expect(userListInputSchema.safeParse({ pageSize }).success).toBe(true);
    expect(userListInputSchema.safeParse({ pageSize: 25 }).error?.issues[0]?.message).toBe('Page size must be 10, 20 or 30');
  });

  it('lower-cases and de-duplicates the selection', () => {
    expect(bulkUserActionInputSchema.parse({ action: 'delete_user', emails: ['A@x.co', 'a@x.co'] }).emails).toEqual(['a@x.co']);
  });
});

describe('account statuses in words (issue 20 item 5)', () => {
  it('writes each stored status as a word, and an unknown one readably', () => {
    expect(accountStatusWords('INVITED')).toBe('Invited');
    expect(accountStatusWords('ACC_CREATED')).toBe('Account created');
    expect(accountStatusWords('SOMETHING_NEW')).toBe('Something new');
    expect(accountStatusWords(null)).toBe('-');
    expect(userDisplayStatusWord('invited')).toBe('Invited');
    expect(userDisplayStatusWord('-')).toBe('-');
  });
});
