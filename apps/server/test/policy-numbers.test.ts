import { bankTransferReference, formatPolicyNumber } from '@fhp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { policyNumberCounters, transactionLog } from '../src/db/schema';
import { describeApp } from './harness';
import { makeProvisional } from './lifecycle-helpers';

/*
 * The number a policy is stored with is drawn by the statement that stores it, from candidates
 * formatted after a counter value read beforehand (decision 082). When that read is stale by more
 * than the candidates (or ahead of the counter), the exact number is still the one stored, in the
 * policy, its bank-transfer reference and its log entry.
 */

const HOLDER = 'purchaser@fhp.example';

describeApp('policy numbers drawn with the policy', (suite) => {
  let counter = 0;
  beforeAll(async () => {
    // Far past any base the demo data leaves, so a base of 0 is more than the candidates behind.
    await suite.app.db
      .insert(policyNumberCounters)
      .values({ country: 'gd', seasonYear: 2027, lastSequence: 300 })
      .onConflictDoUpdate({ target: [policyNumberCounters.country, policyNumberCounters.seasonYear], set: { lastSequence: 300 } });
    counter = 300;
  });

  async function expectNumbered(numberBase: number | undefined) {
    const policy = await makeProvisional(suite.app, HOLDER, { channel: 'BANK_TRANSFER', ...(numberBase === undefined ? {} : { numberBase }) });
    counter += 1;
    const expected = formatPolicyNumber({ country: 'gd', seasonYear: 2027, sequence: counter });
    expect(policy.policyNumber).toBe(expected);
    expect(policy.bankTransferReference).toBe(bankTransferReference(expected));
    const [log] = await suite.app.db
      .select({ set: transactionLog.txnSetId, number: sql<string>`${transactionLog.payload} ->> 'policyNumber'` })
      .from(transactionLog)
      .where(and(eq(transactionLog.txnSetId, expected), eq(transactionLog.action, 'Provisional policy created')));
    expect(log).toEqual({ set: expected, number: expected });
    const [stored] = await suite.app.db
      .select({ last: policyNumberCounters.lastSequence })
      .from(policyNumberCounters)
      .where(and(eq(policyNumberCounters.country, 'gd'), eq(policyNumberCounters.seasonYear, 2027)));
    expect(stored?.last).toBe(counter);
  }

  it('stores the next number when the base read is current', async () => {
    await expectNumbered(undefined);
  });

  it('stores the exact next number when the base read is more than the candidates behind', async () => {
    await expectNumbered(0);
  });

  it('stores the exact next number when the base read is ahead of the counter', async () => {
    await expectNumbered(counter + 500);
  });

  it('stores the next number from a base a few purchases behind', async () => {
    await expectNumbered(counter - 3);
  });
}, { engines: 'both' });
