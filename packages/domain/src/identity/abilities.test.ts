import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATA_SUBJECTS,
  OWNED_SUBJECTS,
  canReadScreen,
  defineAbilityFor,
  recordScope,
  subject,
  type AbilityUser,
} from './abilities';
import { SCREEN_SUBJECTS, type ScreenSubject } from './screens';
import { ROLE_NAMES, type RoleName } from './roles';

// The spec's ability table, typed out again here rather than imported, so a slip in the
// definition cannot be mirrored by the test.
const ADMIN_TABLE: ScreenSubject[] = [
  'MyPolicies', 'MyAccount', 'MyPoliciesDetail', 'ProvisionalPolicies', 'ActualPolicies',
  'PayoutKYC', 'WeatherAnalytics', 'AnalyticsAPIDetail', 'Archived', 'ArchivedPolicyDetail',
];
const CUSTOMER_TABLE: ScreenSubject[] = [
  'MyAccount', 'ProvisionalPolicyDetail', 'ActualPolicyDetail', 'ProvisionalPolicies', 'ActualPolicies',
  'PayoutKYC', 'WeatherAnalytics', 'AnalyticsAPIDetail', 'Archived', 'ArchivedPolicyDetail',
];
// Our staff screens (issue 7), on top of the spec's table.
const EXPECTED_SCREENS: Record<RoleName | 'none' | 'anonymous', ScreenSubject[]> = {
  owner: [...SCREEN_SUBJECTS],
  admin: [...ADMIN_TABLE, 'PaymentDesk', 'CancellationRequests', 'StormPayouts', 'Users', 'KycReview', 'OffersAndSeasons', 'PortfolioReport', 'SiteContent'],
  'master admin': [...ADMIN_TABLE, 'PaymentDesk', 'CancellationRequests', 'StormPayouts', 'Users', 'KycReview', 'OffersAndSeasons', 'PortfolioReport', 'SiteContent'],
  purchaser: CUSTOMER_TABLE,
  teller: [...CUSTOMER_TABLE, 'PaymentDesk'],
  holder: [],
  student: [],
  none: [],
  anonymous: [],
};

function userFor(who: keyof typeof EXPECTED_SCREENS, id = 'user-1'): AbilityUser {
  if (who === 'anonymous') return null;
  return { id, role: who === 'none' ? null : who };
}

describe('screen abilities', () => {
  it.each(Object.entries(EXPECTED_SCREENS))('%s reads exactly the screens of the spec table', (who, expected) => {
    const ability = defineAbilityFor(userFor(who as keyof typeof EXPECTED_SCREENS));
    const readable = SCREEN_SUBJECTS.filter((screen) => canReadScreen(ability, screen));
    expect(readable.sort()).toEqual([...expected].sort());
  });

  it('gives no screen any action besides read, except to the owner', () => {
    for (const role of ROLE_NAMES.filter((r) => r !== 'owner')) {
      const ability = defineAbilityFor({ id: 'u', role });
      for (const screen of SCREEN_SUBJECTS) expect(ability.can('update', screen)).toBe(false);
    }
  });
});

describe('data abilities', () => {
  const policyOf = (ownerId: string) => subject('Policy', { id: 'p-1', ownerId });

  it('lets a purchaser read and update only their own records', () => {
    const purchaserA = defineAbilityFor({ id: 'A', role: 'purchaser' });
    for (const owned of OWNED_SUBJECTS) {
      expect(purchaserA.can('read', subject(owned, { ownerId: 'A' }))).toBe(true);
      expect(purchaserA.can('update', subject(owned, { ownerId: 'A' }))).toBe(true);
      expect(purchaserA.can('read', subject(owned, { ownerId: 'B' }))).toBe(false);
      expect(purchaserA.can('update', subject(owned, { ownerId: 'B' }))).toBe(false);
      expect(purchaserA.can('delete', subject(owned, { ownerId: 'A' }))).toBe(false);
    }
  });

  it('never lets a purchaser read a policy that is not theirs, whatever the ids', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (userId, ownerId) => {
        const ability = defineAbilityFor({ id: userId, role: 'purchaser' });
        expect(ability.can('read', policyOf(ownerId))).toBe(userId === ownerId);
      }),
    );
  });

  it('lets a record without ownerId be read by no customer', () => {
    const ability = defineAbilityFor({ id: 'A', role: 'purchaser' });
    expect(ability.can('read', subject('Policy', { id: 'p-1' }))).toBe(false);
  });

  it('lets admins read every record but change only their own', () => {
    for (const role of ['admin', 'master admin'] as const) {
      const ability = defineAbilityFor({ id: 'adm', role });
      expect(ability.can('read', policyOf('someone'))).toBe(true);
      expect(ability.can('update', policyOf('someone'))).toBe(false);
      expect(ability.can('update', subject('Profile', { ownerId: 'adm' }))).toBe(true);
    }
  });

  it('grants Payment: teller create; admin create and read; purchaser nothing', () => {
    const teller = defineAbilityFor({ id: 't', role: 'teller' });
    const admin = defineAbilityFor({ id: 'a', role: 'admin' });
    const purchaser = defineAbilityFor({ id: 'p', role: 'purchaser' });
    expect([teller.can('create', 'Payment'), teller.can('read', 'Payment')]).toEqual([true, false]);
    expect([admin.can('create', 'Payment'), admin.can('read', 'Payment')]).toEqual([true, true]);
    expect([purchaser.can('create', 'Payment'), purchaser.can('read', 'Payment')]).toEqual([false, false]);
  });

  it('lets a teller record credit-union payments only, and an admin both channels', () => {
    const teller = defineAbilityFor({ id: 't', role: 'teller' });
    const admin = defineAbilityFor({ id: 'a', role: 'admin' });
    expect(teller.can('create', subject('Payment', { channel: 'CREDIT_UNION' }))).toBe(true);
    expect(teller.can('create', subject('Payment', { channel: 'BANK_TRANSFER' }))).toBe(false);
    expect(admin.can('create', subject('Payment', { channel: 'BANK_TRANSFER' }))).toBe(true);
  });

  it("lets a teller read any policy's payment view and receipts, never another's documents or bank details", () => {
    const teller = defineAbilityFor({ id: 't', role: 'teller' });
    expect(teller.can('read', 'PaymentView')).toBe(true);
    expect(teller.can('read', subject('Receipt', { ownerId: 'someone' }))).toBe(true);
    for (const type of ['Document', 'BankAccount', 'Policy', 'Profile'] as const) {
      expect(teller.can('read', subject(type, { ownerId: 'someone' }))).toBe(false);
    }
    expect(teller.can('update', 'Cancellation')).toBe(false);
  });

  it('lets a purchaser read only the receipts of their own policies, and decide no cancellation', () => {
    const purchaser = defineAbilityFor({ id: 'A', role: 'purchaser' });
    expect(purchaser.can('read', subject('Receipt', { ownerId: 'A' }))).toBe(true);
    expect(purchaser.can('read', subject('Receipt', { ownerId: 'B' }))).toBe(false);
    expect(purchaser.can('read', 'PaymentView')).toBe(false);
    expect(purchaser.can('update', 'Cancellation')).toBe(false);
    expect(defineAbilityFor({ id: 'x', role: 'admin' }).can('update', 'Cancellation')).toBe(true);
  });

  it('lets only admin roles and owner manage users', () => {
    const managers = ROLE_NAMES.filter((role) => defineAbilityFor({ id: 'x', role }).can('delete', 'User'));
    expect(managers.sort()).toEqual(['admin', 'master admin', 'owner']);
  });

  it('lets anyone, even anonymous, read content, quotes and the proof ledger and nothing else', () => {
    for (const user of [null, { id: 'h', role: 'holder' as const }, { id: 's', role: 'student' as const }, { id: 'n', role: null }]) {
      const ability = defineAbilityFor(user);
      const readable = DATA_SUBJECTS.filter((s) => ability.can('read', s));
      expect(readable).toEqual(['Content', 'Quote', 'LedgerEntry']);
    }
  });

  it('shows the transaction log to its owner (a purchaser or teller) and to administrators; a teller sees only their own', () => {
    const scope = (role: AbilityUser) => recordScope(defineAbilityFor(role), 'read', 'Transaction');
    expect(scope({ id: 'A', role: 'purchaser' })).toEqual({ kind: 'own', ownerId: 'A' });
    expect(scope({ id: 'T', role: 'teller' })).toEqual({ kind: 'own', ownerId: 'T' });
    expect(scope({ id: 'x', role: 'admin' })).toEqual({ kind: 'all' });
    expect(scope({ id: 'x', role: 'master admin' })).toEqual({ kind: 'all' });
    expect(scope({ id: 'o', role: 'owner' })).toEqual({ kind: 'all' });
    expect(scope(null)).toEqual({ kind: 'none' });
    const purchaser = defineAbilityFor({ id: 'A', role: 'purchaser' });
    expect(purchaser.can('read', subject('Transaction', { ownerId: 'A' }))).toBe(true);
    expect(purchaser.can('read', subject('Transaction', { ownerId: 'B' }))).toBe(false);
    expect(purchaser.can('update', subject('Transaction', { ownerId: 'A' }))).toBe(false);
    expect(defineAbilityFor({ id: 'T', role: 'teller' }).can('read', subject('Transaction', { ownerId: 'A' }))).toBe(false);
  });

  it('lets the owner do anything to anything', () => {
    const owner = defineAbilityFor({ id: 'o', role: 'owner' });
    expect(owner.can('delete', policyOf('someone'))).toBe(true);
    expect(owner.can('manage', 'User')).toBe(true);
  });
});

describe('recordScope', () => {
  it('answers all, own or none for list queries', () => {
    expect(recordScope(defineAbilityFor({ id: 'A', role: 'purchaser' }), 'read', 'Policy')).toEqual({ kind: 'own', ownerId: 'A' });
    expect(recordScope(defineAbilityFor({ id: 'x', role: 'admin' }), 'read', 'Policy')).toEqual({ kind: 'all' });
    expect(recordScope(defineAbilityFor({ id: 'x', role: 'admin' }), 'update', 'Policy')).toEqual({ kind: 'own', ownerId: 'x' });
    expect(recordScope(defineAbilityFor({ id: 'o', role: 'owner' }), 'read', 'Payout')).toEqual({ kind: 'all' });
    expect(recordScope(defineAbilityFor(null), 'read', 'Policy')).toEqual({ kind: 'none' });
    expect(recordScope(defineAbilityFor({ id: 's', role: 'student' }), 'read', 'Profile')).toEqual({ kind: 'none' });
  });
});
