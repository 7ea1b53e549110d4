import { seasonForYear } from '@fhp/domain';
import { expect } from 'vitest';
import { seasons } from '../../src/db/schema';
import { localIsoDate } from '@fhp/domain';
import { gqlAs } from '../identity-helpers';
import { makeProvisional, paymentInput, recordPaymentAs } from '../lifecycle-helpers';
import { ownerOfAAndAdmins, type Expected, type MatrixRows } from './types';

/** Who records payments and reads the payment desk: tellers, administrators, the owner. */
const paymentStaff: Expected = { anonymous: 'deny', purchaserA: 'deny', purchaserB: 'deny', teller: 'allow', admin: 'allow', owner: 'allow' };
/** A's policy's payments and receipts: A and the payment staff, never another holder. */
const holderAAndStaff: Expected = { ...paymentStaff, purchaserA: 'allow' };
const adminsOnly: Expected = { anonymous: 'deny', purchaserA: 'deny', purchaserB: 'deny', teller: 'deny', admin: 'allow', owner: 'allow' };
const holderAOnly: Expected = { anonymous: 'deny', purchaserA: 'allow', purchaserB: 'deny', teller: 'deny', admin: 'deny', owner: 'deny' };

/** Fixtures of purchaser A, made in setup: a policy with a payment, an issued one with its contract, one to cancel. */
const fixtures = { pending: '', pendingId: '', paymentId: '', issued: '', toCancelId: '' };
let referenceCount = 0;

export const lifecycleRows: MatrixRows = {
  async setup({ app, tokens }) {
    // A season whose deadline is ahead of today's real date, whatever year the suite runs in.
    const now = new Date();
    const season = seasonForYear(now.getUTCFullYear() + 1, { purchaseWindowOpen: false });
    await app.db.insert(seasons).values(season).onConflictDoNothing();
    const options = { seasonYear: season.year, purchasedAt: new Date(now.getTime() - 3_600_000).toISOString() };
    const today = localIsoDate(now);
    const pending = await makeProvisional(app, 'purchaser@fhp.example', options);
    fixtures.pending = pending.policyNumber;
    fixtures.pendingId = pending.id;
    const paid = await recordPaymentAs(app, tokens.teller, paymentInput(pending.policyNumber, 5, { paidOn: today }));
    fixtures.paymentId = paid.body.data!.recordPayment.paymentId;
    const issued = await makeProvisional(app, 'purchaser@fhp.example', { ...options, plan: 'FULL' });
    const full = await recordPaymentAs(app, tokens.teller, paymentInput(issued.policyNumber, issued.premiumCents / 100, { paidOn: today }));
    expect(full.body.data?.recordPayment.policy.status).toBe('ISSUED');
    fixtures.issued = issued.policyNumber;
    fixtures.toCancelId = (await makeProvisional(app, 'purchaser@fhp.example', options)).id;
    // Sanity: the contract exists, so a denied caller is denied by the rule and not by its absence.
    expect((await gqlAs(app, tokens.purchaserA, `{ policyPayments(policyNumber: "${issued.policyNumber}") { contractUrl } }`)).body.data).toMatchObject({
      policyPayments: { contractUrl: `/api/v1/policies/${issued.policyNumber}/contract` },
    });
  },
  graphql: {
    paymentDesk: {
      query: () => `{ paymentDesk(search: "${fixtures.pending}") { policyNumber holderName } }`,
      expected: paymentStaff,
      check: (data) => expect(data.paymentDesk).toEqual([{ policyNumber: fixtures.pending, holderName: 'Alicia Charles' }]),
    },
    policyPayments: {
      query: () => `{ policyPayments(policyNumber: "${fixtures.pending}") { policyNumber payments { receiptNumber } } }`,
      expected: holderAAndStaff,
      hidesOthers: true,
    },
    recordPayment: {
      query: () => {
        referenceCount += 1;
        return `mutation { recordPayment(input: { policyNumber: "${fixtures.pending}", amount: "1.00", channel: "CREDIT_UNION",
          reference: "MATRIX-${Date.now()}-${referenceCount}", paidOn: "${localIsoDate(new Date())}" }) { receiptNumber } }`;
      },
      expected: paymentStaff,
    },
    cancellationRequests: {
      query: '{ cancellationRequests { policyNumber } }',
      expected: adminsOnly,
    },
    cancelPolicy: {
      // A's own provisional policy: only A may ask (a second ask meets "already waiting for review").
      query: () => `mutation { cancelPolicy(policyId: "${fixtures.toCancelId}", reason: "Matrix") { policyNumber } }`,
      expected: holderAOnly,
      hidesOthers: true,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    approveCancellation: {
      // The pending policy has no request: past the guard, the machine refuses.
      query: () => `mutation { approveCancellation(policyId: "${fixtures.pendingId}") { policyNumber } }`,
      expected: adminsOnly,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    rejectCancellation: {
      query: () => `mutation { rejectCancellation(policyId: "${fixtures.pendingId}", comment: "No") { policyNumber } }`,
      expected: adminsOnly,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
  },
  rest: {
    'GET /api/v1/receipts/:paymentId': {
      body: () => null,
      url: () => `/api/v1/receipts/${fixtures.paymentId}`,
      hidesOthers: true,
      expected: holderAAndStaff,
    },
    'GET /api/v1/policies/:policyNumber/contract': {
      body: () => null,
      url: () => `/api/v1/policies/${fixtures.issued}/contract`,
      hidesOthers: true,
      // The contract is A's document: a teller never reads it.
      expected: ownerOfAAndAdmins,
    },
  },
};
