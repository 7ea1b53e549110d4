import { randomUUID } from 'node:crypto';
import { bankTransferReference } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { policies, policyBeneficiaries, policyInstalments, seasons, transactionLog, users } from '../src/db/schema';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp, testConfig } from './harness';
import { gqlAs } from './identity-helpers';
import { customerWithKyc, kycInput, newCustomer, PURCHASE, purchaseInput, rowCounts, SUBMIT_KYC, uploadBothProofs, type PurchaseAnswer } from './purchase-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

/** Mid-March 2027 in Port of Spain: the 2027 season is on sale and Dominica's 5% offer runs. */
const NOW = new Date('2027-03-15T16:00:00Z');
const clock = () => NOW;
const env = { SMTP_URL: smtp.url };

const QUOTE = '{ quote(input: { country: "dm", coverage: 25000 }) { options { id premium { raw } discount { percent premium { raw } } } } }';

function policyEmails(email: string) {
  return smtp.messages.filter((m) => m.envelopeTo.includes(email) && m.subject.startsWith('Your provisional policy'));
}

describeApp(
  'purchase: from a new customer to a provisional policy',
  (suite) => {
    // Each database's suite has its own customers: the SMTP capture is shared by both runs.
    const address = (name: string) => `${name}.${suite.kind}@fhp.example`;

    it('buys Dominica EC$25,000 option 3 at the quoted premium: one PAYMENT_PENDING policy, schedule, log and email', async () => {
      const app = suite.app;
      const email = address('new.buyer');
      const token = await newCustomer(app, smtp, email);
      const documents = await uploadBothProofs(app, token);
      expect((await gqlAs(app, token, SUBMIT_KYC, { input: kycInput(documents) })).body.errors).toBeUndefined();

      const quote = await gqlAs<{ quote: { options: { id: string; premium: { raw: number }; discount: { percent: number; premium: { raw: number } } | null }[] } }>(app, token, QUOTE);
      const option3 = quote.body.data!.quote.options.find((o) => o.id === '3')!;
      expect(option3).toEqual({ id: '3', premium: { raw: 2470 }, discount: { percent: 5, premium: { raw: 2346.5 } } });

      const input = purchaseInput({ premium: option3.premium.raw, discountedPremium: option3.discount!.premium.raw });
      const bought = await gqlAs<{ PurchasePolicy: PurchaseAnswer }>(app, token, PURCHASE, { input });
      expect(bought.body.errors).toBeUndefined();
      const result = bought.body.data!.PurchasePolicy;
      expect(result).toEqual({
        policyNumber: 'FHP-DM-2027-000001',
        type: 'PROVISIONAL',
        status: 'PAYMENT_PENDING',
        premium: 2470,
        discountedPremium: 2346.5,
        purchasedBy: { email, primaryContactNo: '+1 767 555 0101', phoneVerified: false },
        paymentPlan: 'INSTALMENTS_4',
        paymentChannel: 'BANK_TRANSFER',
        schedule: [
          { number: 1, dueDate: '2027-03-15', amount: { raw: 586.64, cents: 58664, formatted: 'EC$586.64' } },
          { number: 2, dueDate: '2027-04-09', amount: { raw: 586.62, cents: 58662, formatted: 'EC$586.62' } },
          { number: 3, dueDate: '2027-05-05', amount: { raw: 586.62, cents: 58662, formatted: 'EC$586.62' } },
          { number: 4, dueDate: '2027-05-31', amount: { raw: 586.62, cents: 58662, formatted: 'EC$586.62' } },
        ],
        bankTransferReference: bankTransferReference('FHP-DM-2027-000001'),
      });

      const [owner] = await app.db.select().from(users).where(eq(users.email, email));
      const stored = await app.db.select().from(policies).where(eq(policies.ownerId, owner!.id));
      expect(stored).toHaveLength(1);
      const policy = stored[0]!;
      expect(policy).toMatchObject({
        policyNumber: 'FHP-DM-2027-000001',
        type: 'PROVISIONAL',
        status: 'PAYMENT_PENDING',
        country: 'dm',
        optionId: '3',
        coverageCents: 2_500_000,
        premiumCents: 247_000,
        discountedPremiumCents: 234_650,
        discountPercent: '5.00',
        seasonYear: 2027,
        paymentPlan: 'INSTALMENTS_4',
        paymentChannel: 'BANK_TRANSFER',
        bankTransferReference: result.bankTransferReference,
        politicallyExposed: false,
        charged: { drugTrafficking: false, terrorismFinancing: false, moneyLaundering: false, fraud: false, otherCrimes: false },
        useOfProceeds: input.useOfProceeds,
        termsOfUse: input.termsOfUse,
        idempotencyKey: input.idempotencyKey,
      });
      expect(policy.purchasedAt.toISOString()).toBe(NOW.toISOString());
      const [beneficiary] = await app.db.select().from(policyBeneficiaries).where(eq(policyBeneficiaries.policyId, policy.id));
      expect(beneficiary).toMatchObject({ firstName: 'Paul', lastName: 'Joseph', email: 'paul.joseph@example.com', mobileNo: '+1 767 555 0102', addressLine1: '12 King George V Street', city: 'Roseau', country: 'dm' });
      const instalments = await app.db.select().from(policyInstalments).where(eq(policyInstalments.policyId, policy.id));
      expect(instalments.reduce((sum, row) => sum + row.amountCents, 0)).toBe(234_650);
      const log = await app.db.select().from(transactionLog).where(eq(transactionLog.txnSetId, 'FHP-DM-2027-000001'));
      expect(log).toEqual([expect.objectContaining({ type: 'POLICY_PURCHASE_FLOW', ownerId: owner!.id, payload: expect.objectContaining({ premiumCents: 247_000, discountedPremiumCents: 234_650 }) })]);

      const mail = await smtp.waitForMessage(email);
      expect(mail.subject).toBe('Your provisional policy FHP-DM-2027-000001');
      expect(mail.text).toContain('Dear Ann Marie Joseph');
      expect(mail.text).toContain('Policy option: Option 3: Category 3 and above');
      expect(mail.text).toContain('Coverage: EC$25,000.00');
      expect(mail.text).toContain('Premium: EC$2,470.00');
      expect(mail.text).toContain('Premium after discount: EC$2,346.50');
      expect(mail.text).toContain('4. EC$586.62 due by 31/05/2027');
      expect(mail.text).toContain(`reference ${result.bankTransferReference}`);
      expect(mail.html).toContain('FHP-DM-2027-000001');
    });

    it('makes one policy of a double click (same idempotency key, concurrent) and one email', async () => {
      const app = suite.app;
      const email = address('double.click');
      const token = await customerWithKyc(app, smtp, email);
      const input = purchaseInput({ paymentPlan: 'FULL', paymentChannel: 'CREDIT_UNION', countryName: 'gd', premium: 1960, discountedPremium: null });
      const before = (await rowCounts(app.db)).policies;
      const answers = await Promise.all([1, 2, 3].map(() => gqlAs<{ PurchasePolicy: PurchaseAnswer }>(app, token, PURCHASE, { input })));
      for (const answer of answers) expect(answer.body.errors).toBeUndefined();
      const numbers = new Set(answers.map((answer) => answer.body.data!.PurchasePolicy.policyNumber));
      expect(numbers.size).toBe(1);
      const later = await gqlAs<{ PurchasePolicy: PurchaseAnswer }>(app, token, PURCHASE, { input });
      expect(later.body.data!.PurchasePolicy).toEqual(answers[0]!.body.data!.PurchasePolicy);
      expect(later.body.data!.PurchasePolicy).toMatchObject({ policyNumber: 'FHP-GD-2027-000001', discountedPremium: null, bankTransferReference: null, schedule: [{ number: 1, dueDate: '2027-05-31', amount: { cents: 196_000 } }] });
      expect((await rowCounts(app.db)).policies).toBe(before + 1);
      // The email goes out after the answer (the delivery queue): once everything queued was sent, one.
      await app.identity.deliveries.settle();
      expect(policyEmails(email)).toHaveLength(1);
      // A new confirm screen (a new key) is a new policy with the next number.
      const second = await gqlAs<{ PurchasePolicy: PurchaseAnswer }>(app, token, PURCHASE, { input: { ...input, idempotencyKey: randomUUID() } });
      expect(second.body.data!.PurchasePolicy.policyNumber).toBe('FHP-GD-2027-000002');
    });

    it('refuses tampered, unknown or out-of-range purchases with their messages and stores nothing', async () => {
      const app = suite.app;
      const token = await customerWithKyc(app, smtp, address('careful.buyer'));
      const cases: [string, Record<string, unknown>, string][] = [
        ['an unknown option', { productDefination: '7' }, 'Please choose a policy option'],
        ['country xx', { countryName: 'xx' }, 'unsupported country xx for this product'],
        ['no country', { countryName: '' }, 'Country is required'],
        ['coverage 1,299.99', { coverage: 1299.99 }, 'Coverage must be at least EC$1,300.00'],
        ['coverage 270,000.01', { coverage: 270000.01 }, 'Coverage must be at most EC$270,000.00'],
        ['a premium with three decimals', { premium: 2470.001 }, 'Premium must be an amount in EC$ with at most 2 decimals'],
        ['a negative discounted premium', { discountedPremium: -1 }, 'Discounted premium must be an amount in EC$ with at most 2 decimals'],
        ['no declaration', { termsOfUse: [{ value: 'declare', selected: true }] }, 'Please accept the terms of use and the declaration to continue'],
        ['no use of proceeds', { useOfProceeds: [{ value: 'other', selected: false }] }, 'Please select at least one use of proceeds'],
        ['an unknown plan', { paymentPlan: 'MONTHLY' }, 'Please choose how you want to pay'],
        ['an unknown channel', { paymentChannel: 'CASH' }, 'Please choose where you will pay'],
        ['a bad idempotency key', { idempotencyKey: 'click-1' }, 'Your purchase could not be prepared. Please reload the page and try again'],
        ['a bad beneficiary name', { benificiaryDetail: { ...purchaseInput().benificiaryDetail, firstName: 'P4ul' } }, 'Beneficiary First Name Should contain only alpha characters'],
      ];
      const before = await rowCounts(app.db);
      for (const [name, patch, message] of cases) {
        const answer = await gqlAs(app, token, PURCHASE, { input: purchaseInput(patch) });
        expect(answer.status, name).toBe(200);
        expect(answer.body.errors?.[0]?.extensions, name).toMatchObject({ code: 'BAD_USER_INPUT', display_message: message });
      }
      expect(await rowCounts(app.db)).toEqual(before);
    });

    it('refuses a purchase before KYC, and anonymous callers', async () => {
      const app = suite.app;
      const token = await newCustomer(app, smtp, address('no.kyc.yet'));
      const before = await rowCounts(app.db);
      const early = await gqlAs(app, token, PURCHASE, { input: purchaseInput() });
      expect(early.body.errors?.[0]?.extensions).toMatchObject({ code: 'KYC_REQUIRED', display_message: 'Please complete your KYC details before buying a policy.' });
      const anonymous = await gqlAs(app, undefined, PURCHASE, { input: purchaseInput() });
      expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(await rowCounts(app.db)).toEqual(before);
    });

    it('answers "Policy Purchase Window Closed" when the season is closed', async () => {
      const app = suite.app;
      const token = await customerWithKyc(app, smtp, address('too.late'));
      await app.db.update(seasons).set({ purchaseWindowOpen: false }).where(eq(seasons.year, 2027));
      try {
        const before = await rowCounts(app.db);
        const closed = await gqlAs(app, token, PURCHASE, { input: purchaseInput() });
        expect(closed.body.errors?.[0]?.extensions).toMatchObject({ code: 'PURCHASE_WINDOW_CLOSED', display_message: 'Policy Purchase Window Closed' });
        expect(await rowCounts(app.db)).toEqual(before);
      } finally {
        await app.db.update(seasons).set({ purchaseWindowOpen: true }).where(eq(seasons.year, 2027));
      }
    });

    it('numbers purchases through two app instances on one database uniquely and without gaps', async () => {
      const second = await buildApp({ config: testConfig(env), database: suite.database, clock });
      try {
        await second.ready();
        const buyers = await Promise.all(
          ['one', 'two', 'three'].map(async (name, index) => customerWithKyc(index % 2 === 0 ? suite.app : second, smtp, address(`instance.${name}`))),
        );
        const before = await suite.app.db.select({ n: policies.policyNumber }).from(policies).where(eq(policies.country, 'dm'));
        const answers = await Promise.all(
          buyers.flatMap((token, index) =>
            [suite.app, second].map((app) => gqlAs<{ PurchasePolicy: PurchaseAnswer }>(app, token, PURCHASE, { input: purchaseInput({ idempotencyKey: randomUUID(), paymentPlan: index === 0 ? 'FULL' : 'INSTALMENTS_2' }) })),
          ),
        );
        const numbers = answers.map((answer) => {
          expect(answer.body.errors).toBeUndefined();
          return answer.body.data!.PurchasePolicy.policyNumber;
        });
        expect(new Set(numbers).size).toBe(6);
        const sequences = numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
        expect(sequences).toEqual(Array.from({ length: 6 }, (_, i) => before.length + 1 + i));
      } finally {
        await second.close();
      }
    });
  },
  { env, clock, engines: 'both' },
);
