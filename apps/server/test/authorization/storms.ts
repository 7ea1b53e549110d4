import { expect } from 'vitest';
import { lifecycleDeps } from '../../src/modules/lifecycle/deps';
import { importStormText } from '../../src/modules/storms/service';
import { makeProvisional } from '../lifecycle-helpers';
import { trackText } from '../storm-helpers';
import { ownerOfAAndAdmins, signedIn, type Expected, type MatrixRows } from './types';

/** Storm imports, payouts by storm and wires: administrators and the owner only. */
const stormAdmins: Expected = { anonymous: 'deny', purchaserA: 'deny', purchaserB: 'deny', teller: 'deny', admin: 'allow', owner: 'allow' };

const fixtures = { policyId: '', policyNumber: '' };
/** A one-point storm far out at sea: it stores, evaluates to nothing, and imports again as unchanged. */
const TINY_STORM = trackText('AL991990', 'MATRIX', [{ time: '1990-09-01T12:00:00Z', status: 'TS', lat: 15, lon: -40, windKt: 40 }]);

export const stormRows: MatrixRows = {
  async setup({ app }) {
    const policy = await makeProvisional(app, 'purchaser@fhp.example');
    fixtures.policyId = policy.id;
    fixtures.policyNumber = policy.policyNumber;
    expect(fixtures.policyId).not.toBe('');
    // A stored storm for the detail and track rows.
    await importStormText(lifecycleDeps(app), TINY_STORM);
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
      // By number, as the tracker's address names it (the id works the same: storm-admin.test.ts).
      query: () => `{ getPolicyAnalytics(policyId: "${fixtures.policyNumber}", month: 9, year: 2004) { policyNumber events { title } } }`,
      expected: ownerOfAAndAdmins,
      hidesOthers: true,
    },
    getPolicyStormDetail: {
      query: () => `{ getPolicyStormDetail(policyId: "${fixtures.policyNumber}", stormId: "AL991990") { c1 c2 options { percent } payouts { id } } }`,
      expected: ownerOfAAndAdmins,
      hidesOthers: true,
    },
    getMyActiveStorms: {
      // The caller's own policies only: asking for A's policy, everyone else gets nothing (storm-active.test.ts shows A's rows).
      query: () => `{ getMyActiveStorms(policyNumber: "${fixtures.policyNumber}") { policyNumber stormId payout { sentence } } }`,
      expected: signedIn,
      check: (data, caller) => {
        if (caller !== 'purchaserA') expect(data.getMyActiveStorms).toEqual([]);
      },
    },
    // Sources that must agree (decision 149): the feeds' states and where sources differ, admins only.
    stormFeeds: { query: '{ stormFeeds { source silent failures } }', expected: stormAdmins },
    stormSourceDifferences: { query: '{ stormSourceDifferences { stormId country seasonYear payable } }', expected: stormAdmins },
    payStormSourceDifference: {
      // A storm with nothing from the feeds: past the guard, the service answers it was not found.
      query: 'mutation { payStormSourceDifference(stormId: "AL991990", country: "gd", seasonYear: 1990, reason: "The mirror lagged the centre by two advisories.") { message payoutCount } }',
      expected: stormAdmins,
      passesGuardWith: ['NOT_FOUND'],
    },
    stormTrack: { query: '{ stormTrack(stormId: "AL991990") { id points { lat lon } } }', expected: stormAdmins },
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
