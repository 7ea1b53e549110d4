import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payouts, policies } from '../../src/db/schema';
import { seedDemoPolicies } from '../../src/seed/demo-policies';
import { userId } from '../identity-helpers';
import { signedIn, type Expected, type MatrixRows } from './types';

/** Only the holder of the payout: nobody acknowledges a payout for someone else, not even an admin. */
const holderAOnly: Expected = { anonymous: 'deny', purchaserA: 'allow', purchaserB: 'deny', teller: 'deny', admin: 'deny', owner: 'deny' };

/** A's demo policies (issue 9): an issued one, and a paid payout waiting for its acknowledgement. */
const fixtures = { issued: '', payoutId: '', confirmationNumber: '' };

export const policiesRows: MatrixRows = {
  async setup({ app }) {
    await seedDemoPolicies(app);
    const a = await userId(app, 'purchaser@fhp.example');
    const [confirmation] = await app.db.select().from(policies).where(and(eq(policies.ownerId, a), eq(policies.status, 'PAYOUT_CONFIRMATION')));
    const [payout] = await app.db.select().from(payouts).where(eq(payouts.policyId, confirmation!.id));
    fixtures.payoutId = payout!.id;
    fixtures.confirmationNumber = confirmation!.policyNumber;
    const [monitoring] = await app.db.select().from(policies).where(and(eq(policies.ownerId, a), eq(policies.status, 'EVENT_MONITORING')));
    fixtures.issued = monitoring!.policyNumber;
  },
  graphql: {
    getMyPolicies: {
      // Everyone signed in gets their own list: nobody but A ever sees one of A's policies.
      query: '{ getMyPolicies(input: { list: "ACTUAL", limit: 50 }) { data { policyNumber } totalCount } }',
      expected: signedIn,
      check: (data, caller) => {
        const numbers = (data.getMyPolicies as { data: { policyNumber: string }[] }).data.map((card) => card.policyNumber);
        if (caller === 'purchaserA') expect(numbers).toContain(fixtures.issued);
        else expect(numbers).not.toContain(fixtures.issued);
      },
    },
    getMyPolicyDetail: {
      // "My" policy: an administrator reads A's policies elsewhere (payment desk), not as their own.
      query: () => `{ getMyPolicyDetail(policyNumber: "${fixtures.issued}", list: "ACTUAL") { policy { policyNumber } payouts { id } } }`,
      expected: holderAOnly,
      hidesOthers: true,
    },
    getMyPayouts: {
      // One's own payouts: asking for A's policy, everyone else gets an empty page.
      query: () => `{ getMyPayouts(input: { where: { policyId: { equals: "${fixtures.confirmationNumber}" } } }) { data { id } totalCount } }`,
      expected: signedIn,
      check: (data, caller) => {
        const ids = (data.getMyPayouts as { data: { id: string }[] }).data.map((payout) => payout.id);
        if (caller === 'purchaserA') expect(ids).toContain(fixtures.payoutId);
        else expect(ids).toEqual([]);
      },
    },
    acknowledgePayout: {
      // The second time A asks it meets "already acknowledged": past the guard.
      query: () => `mutation { acknowledgePayout(payoutIds: ["${fixtures.payoutId}"]) { message } }`,
      expected: holderAOnly,
      hidesOthers: true,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    getBankAccountDetail: {
      // One's own only: nobody, an administrator included, reads another's through it.
      query: '{ getBankAccountDetail { accountNo } }',
      expected: signedIn,
    },
    saveBankAccountDetail: {
      // No cheque leaf: past the guard, the input is refused.
      query: `mutation { saveBankAccountDetail(input: { accHolderName: "A", bankName: "B", accountNo: "12345678", type: "SAVINGS", swiftCode: "GCBKGDGD" }) { vuid } }`,
      expected: signedIn,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
  },
};
