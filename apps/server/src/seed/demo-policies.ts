import { defineAbilityFor, type CountryCode, type OptionId, type PaymentChannel, type PaymentPlan } from '@fhp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payouts, policies, seasons, users } from '../db/schema';
import { applyCalendar, decideCancellation, isUniqueViolation, lifecycleDeps, type LifecycleDeps, requestCancellation } from '../modules/lifecycle';
import { recordPayment } from '../modules/payments';
import { acknowledgePayout, recordPayoutWire } from '../modules/payouts';
import { insertProvisionalPolicy } from '../modules/purchase';
import { evaluateStoredStorms } from '../modules/storms';
import { TXN_LOCATIONS } from '../modules/audit';
import { seedDemoStorms } from './demo-storms';
import { localIsoDate } from '@fhp/domain';

/**
 * Demo policies in every status (issue 7), so a newcomer sees the whole life after `npm start`:
 * each is bought, paid, watched, triggered, canceled or expired through the same services and state
 * machine as the real thing, on fixed dates, so the transaction log and the proof ledger are real and
 * the seed is the same on every machine. Seasons: 2025 expired, 2026 in force, 2027 on sale.
 * The policies are bought in the list's order, then every step of every policy runs in date order,
 * so a storm finds the book as it was that day: the payouts are the trigger engine's, evaluating an
 * exercise storm with a real track (demo-storms.ts) over every policy it covered (decision 141), and
 * a storm step says which payout a policy gets and checks its percent.
 * Idempotent: a demo policy whose idempotency key exists is left alone. Sends no email or text.
 */

type Step =
  | { pay: string; amount: number; on: string; channel?: PaymentChannel; reference: string }
  | { calendar: 'SEASON_STARTED' | 'COVER_ENDED' | 'PAYMENT_DEADLINE_PASSED'; on: string }
  /** The engine evaluates the storm on that day (once for all the policies it pays); the policy must get `percent` from it. */
  | { storm: string; percent: number; on: string }
  | { wire: string; on: string }
  | { acknowledge: true; on: string }
  | { cancelRequest: string; on: string }
  | { approve: true; on: string };

interface DemoPolicy {
  key: string;
  holder: 'purchaser@fhp.example' | 'purchaser.b@fhp.example';
  country: CountryCode;
  optionId: OptionId;
  coverage: number;
  seasonYear: number;
  plan: PaymentPlan;
  channel: PaymentChannel;
  purchasedAt: string;
  discountPercent?: number;
  steps: Step[];
  /** What it ends as: checked, so a changed rule that breaks the demo fails loudly. */
  expect: string;
}

const noon = (date: string) => `${date}T16:00:00Z`;

export const DEMO_POLICIES: readonly DemoPolicy[] = [
  // 2027, on sale
  { key: '00000000-0000-4000-8000-000000000701', holder: 'purchaser@fhp.example', country: 'gd', optionId: '2', coverage: 40_000, seasonYear: 2027, plan: 'INSTALMENTS_4', channel: 'CREDIT_UNION', purchasedAt: noon('2026-11-02'), steps: [], expect: 'PAYMENT_PENDING' },
  {
    key: '00000000-0000-4000-8000-000000000702', holder: 'purchaser@fhp.example', country: 'gd', optionId: '3', coverage: 25_000, seasonYear: 2027, plan: 'INSTALMENTS_2', channel: 'CREDIT_UNION', purchasedAt: noon('2026-10-20'),
    steps: [{ pay: 'teller', amount: 980, on: '2026-10-22', reference: 'CU-2026-10-0042' }], expect: 'PAYMENT_PENDING',
  },
  {
    key: '00000000-0000-4000-8000-000000000703', holder: 'purchaser@fhp.example', country: 'gd', optionId: '1', coverage: 60_000, seasonYear: 2027, plan: 'FULL', channel: 'BANK_TRANSFER', purchasedAt: noon('2026-09-15'),
    steps: [{ pay: 'admin', amount: 5676, on: '2026-09-18', channel: 'BANK_TRANSFER', reference: 'BT-RBTT-880231' }], expect: 'ISSUED',
  },
  {
    key: '00000000-0000-4000-8000-000000000704', holder: 'purchaser@fhp.example', country: 'gd', optionId: '4', coverage: 15_000, seasonYear: 2027, plan: 'INSTALMENTS_2', channel: 'CREDIT_UNION', purchasedAt: noon('2026-10-01'),
    steps: [{ pay: 'teller', amount: 300, on: '2026-10-02', reference: 'CU-2026-10-0007' }, { cancelRequest: 'I sold the house and am moving to Trinidad.', on: '2026-10-10' }, { approve: true, on: '2026-10-12' }],
    expect: 'CANCELED',
  },
  {
    key: '00000000-0000-4000-8000-000000000705', holder: 'purchaser@fhp.example', country: 'gd', optionId: '5', coverage: 10_000, seasonYear: 2027, plan: 'FULL', channel: 'CREDIT_UNION', purchasedAt: noon('2026-11-05'),
    steps: [{ cancelRequest: 'I bought this option by mistake; I meant option T.', on: '2026-11-06' }], expect: 'PAYMENT_PENDING',
  },
  // 2026, in force
  {
    key: '00000000-0000-4000-8000-000000000711', holder: 'purchaser@fhp.example', country: 'gd', optionId: '3', coverage: 50_000, seasonYear: 2026, plan: 'INSTALMENTS_2', channel: 'CREDIT_UNION', purchasedAt: noon('2026-02-10'),
    steps: [{ pay: 'teller', amount: 1960, on: '2026-02-10', reference: 'CU-2026-02-0101' }, { pay: 'teller', amount: 1960, on: '2026-05-20', reference: 'CU-2026-05-0233' }, { calendar: 'SEASON_STARTED', on: '2026-06-01' }],
    expect: 'EVENT_MONITORING',
  },
  {
    key: '00000000-0000-4000-8000-000000000712', holder: 'purchaser@fhp.example', country: 'gd', optionId: 'T', coverage: 20_000, seasonYear: 2026, plan: 'FULL', channel: 'CREDIT_UNION', purchasedAt: noon('2026-03-03'),
    steps: [{ pay: 'teller', amount: 2084, on: '2026-03-04', reference: 'CU-2026-03-0017' }, { calendar: 'SEASON_STARTED', on: '2026-06-01' }, { storm: 'AL052026', percent: 35, on: '2026-07-21' }],
    expect: 'PAYOUT_INTIMATION',
  },
  {
    key: '00000000-0000-4000-8000-000000000713', holder: 'purchaser@fhp.example', country: 'gd', optionId: '2', coverage: 30_000, seasonYear: 2026, plan: 'FULL', channel: 'CREDIT_UNION', purchasedAt: noon('2026-03-05'),
    steps: [
      { pay: 'teller', amount: 2523, on: '2026-03-06', reference: 'CU-2026-03-0020' },
      { calendar: 'SEASON_STARTED', on: '2026-06-01' },
      { storm: 'AL052026', percent: 35, on: '2026-07-21' },
      { wire: 'WIRE-GCNB-2026-0731', on: '2026-07-31' },
    ],
    expect: 'PAYOUT_CONFIRMATION',
  },
  {
    key: '00000000-0000-4000-8000-000000000714', holder: 'purchaser@fhp.example', country: 'dm', optionId: '5', coverage: 12_000, seasonYear: 2026, plan: 'FULL', channel: 'CREDIT_UNION', purchasedAt: noon('2026-04-01'),
    steps: [
      { pay: 'teller', amount: 667.2, on: '2026-04-02', reference: 'CU-2026-04-0002' },
      { calendar: 'SEASON_STARTED', on: '2026-06-01' },
      // Fully paid out, so it rests in PAYOUT_ACKNOWLEDGED: only a Maria pays 100% (every option).
      { storm: 'AL152026', percent: 100, on: '2026-10-08' },
      { wire: 'WIRE-NBD-2026-1017', on: '2026-10-17' },
      { acknowledge: true, on: '2026-10-20' },
    ],
    expect: 'PAYOUT_ACKNOWLEDGED',
  },
  // 2025, expired
  {
    key: '00000000-0000-4000-8000-000000000721', holder: 'purchaser@fhp.example', country: 'gd', optionId: '3', coverage: 25_000, seasonYear: 2025, plan: 'FULL', channel: 'CREDIT_UNION', purchasedAt: noon('2025-02-12'),
    steps: [{ pay: 'teller', amount: 1960, on: '2025-02-13', reference: 'CU-2025-02-0009' }, { calendar: 'SEASON_STARTED', on: '2025-06-01' }, { calendar: 'COVER_ENDED', on: '2026-06-01' }],
    expect: 'EXPIRED',
  },
  // The second purchaser, Dominica
  {
    key: '00000000-0000-4000-8000-000000000731', holder: 'purchaser.b@fhp.example', country: 'dm', optionId: '3', coverage: 25_000, seasonYear: 2027, plan: 'INSTALMENTS_2', channel: 'BANK_TRANSFER', purchasedAt: noon('2026-10-05'), discountPercent: 5,
    steps: [{ pay: 'admin', amount: 1173.25, on: '2026-10-09', channel: 'BANK_TRANSFER', reference: 'BT-NCB-552901' }], expect: 'PAYMENT_PENDING',
  },
  {
    key: '00000000-0000-4000-8000-000000000732', holder: 'purchaser.b@fhp.example', country: 'dm', optionId: '4', coverage: 35_000, seasonYear: 2026, plan: 'FULL', channel: 'CREDIT_UNION', purchasedAt: noon('2026-03-20'),
    // Maria pays every option 100%: B's payout waits for its wire.
    steps: [{ pay: 'teller', amount: 3143, on: '2026-03-21', reference: 'CU-2026-03-0301' }, { calendar: 'SEASON_STARTED', on: '2026-06-01' }, { storm: 'AL152026', percent: 100, on: '2026-10-08' }],
    expect: 'PAYOUT_INTIMATION',
  },
  {
    key: '00000000-0000-4000-8000-000000000733', holder: 'purchaser.b@fhp.example', country: 'dm', optionId: '1', coverage: 15_000, seasonYear: 2026, plan: 'INSTALMENTS_2', channel: 'CREDIT_UNION', purchasedAt: noon('2026-04-15'),
    steps: [{ pay: 'teller', amount: 879, on: '2026-04-15', reference: 'CU-2026-04-0150' }, { calendar: 'PAYMENT_DEADLINE_PASSED', on: '2026-06-01' }], expect: 'CANCELED',
  },
];

/** Nothing leaves the machine while seeding: demo holders are not emailed about demo history. */
const quietDeliveries: LifecycleDeps['deliveries'] = { enqueue: async () => undefined, kick: () => undefined };

export async function seedDemoPolicies(app: FastifyInstance): Promise<number> {
  const base = lifecycleDeps(app);
  // The storms the payouts below name, with their tracks (before the early return: a database
  // seeded before the exercise storms existed gets them too).
  await seedDemoStorms(app.db);
  const keys = DEMO_POLICIES.map((policy) => policy.key);
  const existing = new Set((await app.db.select({ key: policies.idempotencyKey }).from(policies).where(inArray(policies.idempotencyKey, keys))).map((row) => row.key));
  const missing = DEMO_POLICIES.filter((policy) => !existing.has(policy.key));
  if (missing.length === 0) return 0;

  const people = await app.db.select().from(users).where(inArray(users.email, ['purchaser@fhp.example', 'purchaser.b@fhp.example', 'teller@fhp.example', 'admin@fhp.example']));
  const idOf = (email: string) => {
    const user = people.find((person) => person.email === email);
    if (!user) throw new Error(`Demo account ${email} is missing`);
    return user.id;
  };
  const staff = {
    teller: { userId: idOf('teller@fhp.example'), ability: defineAbilityFor({ id: idOf('teller@fhp.example'), role: 'teller' }) },
    admin: { userId: idOf('admin@fhp.example'), ability: defineAbilityFor({ id: idOf('admin@fhp.example'), role: 'admin' }) },
  };
  const depsAt = (iso: string): LifecycleDeps => ({ ...base, deliveries: quietDeliveries, clock: () => new Date(iso), log: { info: () => undefined, error: base.log.error } });

  const bought: { demo: DemoPolicy; policy: { id: string; policyNumber: string }; holderId: string }[] = [];
  for (const demo of missing) {
    const [season] = await app.db.select().from(seasons).where(eq(seasons.year, demo.seasonYear));
    if (!season) throw new Error(`Season ${demo.seasonYear} is missing for the demo policies`);
    const holderId = idOf(demo.holder);
    const purchasedAt = new Date(demo.purchasedAt);
    try {
      const policy = await app.db.transaction((tx) =>
        insertProvisionalPolicy(tx, {
          ownerId: holderId,
          country: demo.country,
          optionId: demo.optionId,
          coverageCents: demo.coverage * 100,
          ...(demo.discountPercent ? { discountPercent: demo.discountPercent } : {}),
          seasonYear: demo.seasonYear,
          paymentDeadline: season.paymentDeadline,
          paymentPlan: demo.plan,
          paymentChannel: demo.channel,
          purchasedAt,
          purchaseDate: localIsoDate(purchasedAt),
          idempotencyKey: demo.key,
          beneficiary:
            demo.holder === 'purchaser@fhp.example'
              ? { firstName: 'Marcus', lastName: 'Charles', email: 'marcus.charles@example.com', mobileNo: '+1 473 555 0188', addressLine1: 'Morne Jaloux Road', city: "St. George's", country: 'gd' }
              : { firstName: 'Thérèse', lastName: 'Joseph', email: 'therese.joseph@example.com', mobileNo: '+1 767 555 0177', addressLine1: '22 Hillsborough Street', city: 'Roseau', country: 'dm' },
        }),
      );
      bought.push({ demo, policy, holderId });
    } catch (error) {
      // Another instance starting at the same moment is seeding this one.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
  }

  // Every step in date order (a stable sort: one policy's steps of a day keep their order).
  const steps = bought.flatMap((entry) => entry.demo.steps.map((step) => ({ ...entry, step }))).sort((a, b) => a.step.on.localeCompare(b.step.on));
  const evaluated = new Set<string>();
  const payoutOf = new Map<string, string>();
  for (const { policy, holderId, step } of steps) {
    const at = noon(step.on);
    const deps = depsAt(at);
    const holder = { userId: holderId, ability: defineAbilityFor({ id: holderId, role: 'purchaser' }) };
    if ('pay' in step) {
      await recordPayment(
        deps,
        staff[step.pay as 'teller' | 'admin'],
        { policyNumber: policy.policyNumber, amount: step.amount, channel: step.channel ?? 'CREDIT_UNION', reference: step.reference, paidOn: step.on },
        base.defaultOrigin,
      );
    } else if ('calendar' in step) {
      await applyCalendar({ deps, now: new Date(at) }, step.calendar, [{ id: policy.id, policyNumber: policy.policyNumber }]);
    } else if ('storm' in step) {
      // The engine, as an import of the storm that day would run it; nobody is told about demo history.
      if (!evaluated.has(step.storm)) await evaluateStoredStorms(deps, [step.storm], { told: true });
      evaluated.add(step.storm);
      const [payout] = await app.db.select().from(payouts).where(and(eq(payouts.policyId, policy.id), eq(payouts.stormRef, step.storm)));
      if (payout?.percent !== step.percent) throw new Error(`Demo policy ${policy.policyNumber} got ${payout?.percent ?? 'no'}% from ${step.storm}, not ${step.percent}%`);
      payoutOf.set(policy.id, payout.id);
    } else if ('wire' in step) {
      // The demo's history is not news to anyone: no text now, no reminder later.
      await recordPayoutWire(deps, { payoutId: payoutOf.get(policy.id)!, wireReference: step.wire, notify: false }, { performedBy: staff.admin.userId, location: TXN_LOCATIONS.backOffice, at: new Date(at) });
    } else if ('acknowledge' in step) {
      await acknowledgePayout(deps, { payoutId: payoutOf.get(policy.id)!, holderId }, { performedBy: holderId, location: TXN_LOCATIONS.portal, at: new Date(at) });
    } else if ('cancelRequest' in step) {
      await requestCancellation(deps, holder, { policyId: policy.id, reason: step.cancelRequest });
    } else {
      await decideCancellation(deps, staff.admin, policy.id, { decision: 'APPROVE' });
    }
  }
  for (const { demo, policy } of bought) {
    const [final] = await app.db.select({ status: policies.status }).from(policies).where(eq(policies.id, policy.id));
    if (final?.status !== demo.expect) throw new Error(`Demo policy ${policy.policyNumber} ended ${final?.status}, not ${demo.expect}`);
  }
  return missing.length;
}
