import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { policyBeneficiaries, policies, users } from '../src/db/schema';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp } from './harness';
import { gqlAs, iam, tokenFor } from './identity-helpers';
import { kycInput, newCustomer, PURCHASE, purchaseInput, rowCounts, SUBMIT_KYC, uploadBothProofs, type PurchaseAnswer } from './purchase-helpers';

/*
 * Names as people write them (issue 9 item 2), on the server: SubmitKYCDetails, the purchase's
 * beneficiary and admin invitations take accents, apostrophes, hyphens, periods and spaces, store
 * them composed, and refuse digits and symbols with the spec's messages.
 */

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

/** During the 2027 season's sale and the Dominica offer (the purchase input's default prices). */
const NOW = new Date('2027-03-15T16:00:00Z');

describeApp(
  'names as people write them',
  (suite) => {
    const address = (name: string) => `${name}.${suite.kind}@fhp.example`;

    it('keeps a KYC holder and a beneficiary named as in Dominica and Grenada, composed and single-spaced', async () => {
      const app = suite.app;
      const email = address('therese');
      const token = await newCustomer(app, smtp, email);
      const documents = await uploadBothProofs(app, token);
      // "The\u0301re\u0300se" is Thérèse typed with combining accents; it is stored as one letter each.
      const holder = { firstName: ' The\u0301re\u0300se  Marie ', lastName: "D'Auvergne", occupation: 'Self-employed fisher', address: { addressLine1: '1 Bay Street', city: 'St. Louis', country: 'dm' } };
      const kyc = await gqlAs(app, token, SUBMIT_KYC, { input: kycInput(documents, holder) });
      expect(kyc.body.errors).toBeUndefined();
      const [stored] = await app.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.email, email));
      expect(stored).toEqual({ firstName: 'Thérèse Marie', lastName: "D'Auvergne" });

      const beneficiary = { ...purchaseInput().benificiaryDetail, firstName: 'Jean-Baptiste', lastName: 'Nguyễn', address: { addressLine1: '4 Hanover Street', city: "St. George's", country: 'gd' } };
      const bought = await gqlAs<{ PurchasePolicy: PurchaseAnswer }>(app, token, PURCHASE, { input: purchaseInput({ benificiaryDetail: beneficiary }) });
      expect(bought.body.errors).toBeUndefined();
      const [policy] = await app.db.select().from(policies).where(eq(policies.policyNumber, bought.body.data!.PurchasePolicy.policyNumber));
      const [kept] = await app.db.select().from(policyBeneficiaries).where(eq(policyBeneficiaries.policyId, policy!.id));
      expect(kept).toMatchObject({ firstName: 'Jean-Baptiste', lastName: 'Nguyễn', city: "St. George's" });
    });

    it('refuses digits, symbols and punctuation alone with the spec messages, and stores nothing', async () => {
      const app = suite.app;
      const token = await newCustomer(app, smtp, address('refused'));
      const documents = await uploadBothProofs(app, token);
      const before = await rowCounts(app.db);
      const kycCases: [Record<string, unknown>, string][] = [
        [{ firstName: '--' }, 'FirstName Should contain only alpha values'],
        [{ lastName: "O''Brien" }, 'Last Name Should contain only alpha values'],
        [{ occupation: 'Fisher & farmer' }, 'Occupation Should contain only alpha values'],
        [{ firstName: 'Łucja3' }, 'FirstName Should contain only alpha values'],
      ];
      for (const [patch, message] of kycCases) {
        const answer = await gqlAs(app, token, SUBMIT_KYC, { input: kycInput(documents, patch) });
        expect(answer.body.errors?.[0]?.extensions, message).toMatchObject({ code: 'BAD_USER_INPUT', display_message: message });
      }
      const beneficiary = (patch: Record<string, string>) => ({ benificiaryDetail: { ...purchaseInput().benificiaryDetail, ...patch }, idempotencyKey: randomUUID() });
      for (const [patch, message] of [
        [{ firstName: "'" }, 'Beneficiary First Name Should contain only alpha characters'],
        [{ lastName: 'Joseph-' }, 'Beneficiary Last Name Should contain only alpha values'],
      ] as const) {
        const answer = await gqlAs(app, token, PURCHASE, { input: purchaseInput(beneficiary(patch)) });
        expect(answer.body.errors?.[0]?.extensions, message).toMatchObject({ code: 'BAD_USER_INPUT', display_message: message });
      }
      expect(await rowCounts(app.db)).toEqual(before);
    });

    it('invites staff named as people write them, and refuses digits in an invitation', async () => {
      const app = suite.app;
      const admin = await tokenFor(app, 'admin@fhp.example');
      const invite = { email: address('new.teller'), firstName: 'Marie-Thérèse', lastName: 'St. Hilaire', invite: false, role: { name: 'teller' } };
      const accepted = await iam(app, '/user/invite', invite, admin);
      expect(accepted.status).toBe(200);
      const [stored] = await app.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.email, invite.email));
      expect(stored).toEqual({ firstName: 'Marie-Thérèse', lastName: 'St. Hilaire' });
      const refused = await iam(app, '/user/invite', { ...invite, email: address('bad.teller'), firstName: 'J0hn' }, admin);
      expect(refused.status).toBe(400);
      expect(refused.body.display_message).toBe('FirstName Should contain only alpha values');
      const symbols = await iam(app, '/user/invite', { ...invite, email: address('bad.teller'), lastName: '<b>Lee</b>' }, admin);
      expect(symbols.body.display_message).toBe('Last Name Should contain only alpha values');
    });
  },
  { clock: () => NOW, env: { SMTP_URL: smtp.url } },
);
