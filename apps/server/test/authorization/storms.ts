import { expect } from 'vitest';
import { makeProvisional } from '../lifecycle-helpers';
import { ownerOfAAndAdmins, type Expected, type MatrixRows } from './types';

/** Storm imports, payouts by storm and wires: administrators and the owner only. */
const stormAdmins: Expected = { anonymous: 'deny', purchaserA: 'deny', purchaserB: 'deny', teller: 'deny', admin: 'allow', owner: 'allow' };

const fixtures = { policyId: '' };
/** A one-point storm far out at sea: it stores, evaluates to nothing, and imports again as unchanged. */
const TINY_STORM = 'AL991990,            MATRIX,      1,\n19900901, 1200,  , TS, 15.0N,  40.0W,  40, 1000,\n';

export const stormRows: MatrixRows = {
  async setup({ app }) {
    fixtures.policyId = (await makeProvisional(app, 'purchaser@fhp.example')).id;
    expect(fixtures.policyId).not.toBe('');
  },
  graphql: {
    storms: { query: '{ storms { id payoutCount } }', expected: stormAdmins },
    stormPayouts: { query: '{ stormPayouts(stormId: "AL092004") { id } }', expected: stormAdmins },
    recordPayoutWire: {
      // No such payout: past the guard, the service refuses.
      query: 'mutation { recordPayoutWire(payoutId: "00000000-0000-4000-8000-000000000000", wireReference: "W-1") { id } }',
      expected: stormAdmins,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    getPolicyAnalytics: {
      query: () => `{ getPolicyAnalytics(policyId: "${fixtures.policyId}", month: 9, year: 2004) { policyNumber events { title } } }`,
      expected: ownerOfAAndAdmins,
      hidesOthers: true,
    },
    getPolicyWind: {
      query: () => `{ getPolicyWind(policyId: "${fixtures.policyId}", period: "year", fromYear: 2004, toYear: 2005) { start maxKt } }`,
      expected: ownerOfAAndAdmins,
      hidesOthers: true,
    },
  },
  rest: {
    'POST /api/v1/storms': {
      body: () => null,
      raw: () => ({ payload: Buffer.from(TINY_STORM), headers: { 'content-type': 'text/plain' } }),
      expected: stormAdmins,
    },
    'GET /api/v1/storms/:id/payouts.csv': {
      body: () => null,
      url: () => '/api/v1/storms/AL092004/payouts.csv',
      expected: stormAdmins,
    },
  },
};
