import { AbilityBuilder, createMongoAbility, subject, type ForcedSubject, type MongoAbility } from '@casl/ability';
import { ADMIN_ROLES, type RoleName } from './roles';
import type { ScreenSubject } from './screens';

/**
 * One ability definition shared by the Fastify server and the React web, so a screen the web
 * shows and the operation behind it can never disagree about who may do what.
 *
 * Screen subjects (read only; exactly the spec's table, part 1 section 6 / part 2 section 6):
 *
 * | Role                   | May read                                                                  |
 * |------------------------|---------------------------------------------------------------------------|
 * | owner                  | manage all                                                                |
 * | admin, master admin    | MyPolicies, MyAccount, MyPoliciesDetail, ProvisionalPolicies,             |
 * |                        | ActualPolicies, PayoutKYC, WeatherAnalytics, AnalyticsAPIDetail,          |
 * |                        | Archived, ArchivedPolicyDetail                                            |
 * | purchaser, teller      | MyAccount, ProvisionalPolicyDetail, ActualPolicyDetail,                   |
 * |                        | ProvisionalPolicies, ActualPolicies, PayoutKYC, WeatherAnalytics,         |
 * |                        | AnalyticsAPIDetail, Archived, ArchivedPolicyDetail                        |
 * | holder, student, none  | nothing                                                                   |
 *
 * Data subjects (what the API asks; our decision, the spec shows no server rules):
 *
 * | Subject                          | anyone | purchaser          | teller              | admin, master admin           | owner  |
 * |----------------------------------|--------|--------------------|---------------------|-------------------------------|--------|
 * | Content, Quote, LedgerEntry      | read   | read               | read                | read (Content: update)        | manage |
 * | Profile, Payout                  | -      | read, update own   | read, update own    | read all; read, update own    | manage |
 * | Policy, Document, BankAccount    | -      | read, create,      | read, create,       | read all; create, update own  | manage |
 * |                                  |        | update own         | update own          |                               |        |
 * | Payment                          | -      | -                  | create (channel     | create, read                  | manage |
 * |                                  |        |                    | CREDIT_UNION only)  |                               |        |
 * | PaymentView (any policy's        | -      | -                  | read                | read                          | manage |
 * |  payment view, payment desk)     |        |                    |                     |                               |        |
 * | Receipt                          | -      | read own           | read all; own       | read all                      | manage |
 * | Cancellation (decide requests)   | -      | -                  | -                   | read, update                  | manage |
 * | DocumentReview (accept or reject | -      | -                  | -                   | read, update                  | manage |
 * |  any holder's KYC document)      |        |                    |                     |                               |        |
 * | Transaction (the log's entries)  | -      | read own           | -                   | read all                      | manage |
 * | Configuration (offers, seasons)  | -      | -                  | -                   | read, update                  | manage |
 * | Portfolio (the book's totals)    | -      | -                  | -                   | read                          | manage |
 * | User                             | -      | -                  | -                   | manage                        | manage |
 * | Storm (import a track file)      | -      | -                  | -                   | create                        | manage |
 * | PayoutWire (record a wire, CSV)  | -      | -                  | -                   | create, read                  | manage |
 *
 * Staff screens (ours, issue 7; not in the spec's table): PaymentDesk (teller, admin, master admin)
 * and CancellationRequests (admin, master admin); issue 10: StormPayouts (admin, master admin);
 * admin screens (issue 11): Users, KycReview, OffersAndSeasons, PortfolioReport and SiteContent
 * (admin, master admin).
 *
 * A teller reads a policy's PaymentView (number, holder's name, schedule, payments) but never its
 * Document or BankAccount records (KYC proofs, bank details, the contract PDF): those stay
 * "own" for a teller as for any customer.
 *
 * "own" means the record's `ownerId` equals the signed-in user's id (a CASL condition), so a
 * purchaser can never see another purchaser's policy even by guessing its id. holder and student
 * get only what anyone gets. The proof ledger (`LedgerEntry`) is public by design: it holds no
 * personal data. A teller works for a credit union, not for the holder: the transaction log's
 * timelines are the holder's and the administrators' only. Nothing is ever deleted through these rules except by owner and by
 * admins on `User` (the spec's delete-user action).
 */


/** Records a customer owns; each carries `ownerId`, the id of the user it belongs to. */
export const OWNED_SUBJECTS = ['Profile', 'Policy', 'Document', 'BankAccount', 'Payout'] as const;
export type OwnedSubject = (typeof OWNED_SUBJECTS)[number];

/** Records with an owner that only some roles may see even when they own records themselves. */
export const LOG_SUBJECTS = ['Transaction'] as const;

export const DATA_SUBJECTS = [
  ...OWNED_SUBJECTS,
  ...LOG_SUBJECTS,
  'Payment',
  'PaymentView',
  'Receipt',
  'Cancellation',
  'DocumentReview',
  'Configuration',
  'Portfolio',
  'User',
  'Content',
  'Quote',
  'LedgerEntry',
  'Storm',
  'PayoutWire',
] as const;
export type DataSubject = (typeof DATA_SUBJECTS)[number];

export const ACTIONS = ['manage', 'create', 'read', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * A record tagged with its subject type (build one with `subject('Policy', row)`). One member per
 * subject lets CASL type the conditions of each rule; the last member accepts a record whose
 * subject is only known as a union (e.g. inside a loop over OWNED_SUBJECTS).
 */
type TaggedRecord<S extends DataSubject> = ForcedSubject<S> & { ownerId?: unknown; channel?: unknown };
export type DataRecord = { [S in DataSubject]: TaggedRecord<S> }[DataSubject] | TaggedRecord<DataSubject>;

export type AppSubject = ScreenSubject | DataSubject | DataRecord | 'all';
export type AppAbility = MongoAbility<[Action, AppSubject]>;

/** Who is asking: `null` for an anonymous caller, `role: null` for a signed-in user without a role. */
export type AbilityUser = { id: string; role: RoleName | null } | null;

/** Re-exported so callers tag plain rows for condition checks without importing CASL themselves. */
export { subject };

const ADMIN_SCREENS = [
  'MyPolicies',
  'MyAccount',
  'MyPoliciesDetail',
  'ProvisionalPolicies',
  'ActualPolicies',
  'PayoutKYC',
  'WeatherAnalytics',
  'AnalyticsAPIDetail',
  'Archived',
  'ArchivedPolicyDetail',
] as const satisfies readonly ScreenSubject[];

const CUSTOMER_SCREENS = [
  'MyAccount',
  'ProvisionalPolicyDetail',
  'ActualPolicyDetail',
  'ProvisionalPolicies',
  'ActualPolicies',
  'PayoutKYC',
  'WeatherAnalytics',
  'AnalyticsAPIDetail',
  'Archived',
  'ArchivedPolicyDetail',
] as const satisfies readonly ScreenSubject[];

/** What a signed-in customer-area user may do with the records they own. */
const OWN_RECORD_ACTIONS: Readonly<Record<OwnedSubject, readonly Action[]>> = {
  Profile: ['read', 'update'],
  Payout: ['read', 'update'], // update = acknowledge a paid payout
  Policy: ['read', 'create', 'update'], // update = request a cancellation
  Document: ['read', 'create', 'update'],
  BankAccount: ['read', 'create', 'update'],
};

const CUSTOMER_AREA_ROLES: readonly RoleName[] = ['purchaser', 'teller', ...ADMIN_ROLES];

export function defineAbilityFor(user: AbilityUser): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);

  // Public content and quotes back the public pages, which need no sign-in; the proof ledger is
  // public so that anyone can check it.
  can('read', ['Content', 'Quote', 'LedgerEntry']);

  const role = user?.role ?? null;
  if (user === null || role === null) return build();

  if (role === 'owner') {
    can('manage', 'all');
    return build();
  }

  if (CUSTOMER_AREA_ROLES.includes(role)) {
    for (const owned of OWNED_SUBJECTS) {
      can([...OWN_RECORD_ACTIONS[owned]], owned, { ownerId: user.id });
    }
    // The receipts of one's own policies' payments.
    can('read', 'Receipt', { ownerId: user.id });
  }

  if (role === 'purchaser' || role === 'teller') {
    can('read', [...CUSTOMER_SCREENS]);
  }
  if (role === 'purchaser' || role === 'teller') {
    // One's own timeline entries (a teller has a profile, policies and payout details too); the
    // entries a teller records at the desk belong to the holder, so they stay out of reach.
    can('read', 'Transaction', { ownerId: user.id });
  }
  if (role === 'teller') {
    // A teller works at a partner credit union: payments made there, nothing else of a customer's.
    can('read', ['PaymentDesk', 'PaymentView', 'Receipt']);
    can('create', 'Payment', { channel: 'CREDIT_UNION' });
  }

  if ((ADMIN_ROLES as readonly RoleName[]).includes(role)) {
    can('read', [...ADMIN_SCREENS, 'PaymentDesk', 'CancellationRequests', 'StormPayouts', 'Users', 'KycReview', 'OffersAndSeasons', 'PortfolioReport', 'SiteContent']);
    // Administrators support customers and record their payments, so they see every record.
    can('read', [...OWNED_SUBJECTS, ...LOG_SUBJECTS, 'PaymentView', 'Receipt']);
    can(['create', 'read'], 'Payment');
    can(['read', 'update'], 'Cancellation');
    can(['read', 'update'], 'DocumentReview');
    can(['read', 'update'], 'Configuration');
    can('read', 'Portfolio');
    // FAQ, landing texts, footer and contact (product-decisions: admins run content).
    can('update', 'Content');
    can('manage', 'User');
    // Admins run storm imports and record payout wires (product-decisions "Roles at work").
    can('create', 'Storm');
    can(['create', 'read'], 'PayoutWire');
  }

  return build();
}

/** The one question a sidebar route asks (spec: each route "requires a read ability for its name"). */
export function canReadScreen(ability: AppAbility, screen: ScreenSubject): boolean {
  return ability.can('read', screen);
}

export type RecordScope = { kind: 'all' } | { kind: 'own'; ownerId: string } | { kind: 'none' };

/**
 * Which rows of an owned subject a list query may return. `ability.can('read', 'Policy')` on the
 * bare type is true as soon as any conditional rule exists, so lists must filter by this instead.
 */
export function recordScope(ability: AppAbility, action: Action, subjectType: DataSubject): RecordScope {
  let ownerId: string | null = null;
  for (const rule of ability.rulesFor(action, subjectType)) {
    if (rule.inverted) {
      throw new Error(`recordScope does not understand inverted rules (${action} ${subjectType})`);
    }
    if (rule.conditions === undefined) return { kind: 'all' };
    const keys = Object.keys(rule.conditions);
    const value: unknown = (rule.conditions as Record<string, unknown>)['ownerId'];
    if (keys.length !== 1 || typeof value !== 'string') {
      // Failing loudly beats silently returning too many rows if someone adds a new condition.
      throw new Error(`recordScope only understands { ownerId } conditions (${action} ${subjectType})`);
    }
    ownerId = value;
  }
  return ownerId === null ? { kind: 'none' } : { kind: 'own', ownerId };
}
