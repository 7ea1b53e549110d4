import { and, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { payouts, policies, transactionLog } from '../src/db/schema';
import { seedDemoPolicies } from '../src/seed/demo-policies';
import { describeApp } from './harness';
import { gqlAs, tokenFor, userId } from './identity-helpers';
import { makeProvisional } from './lifecycle-helpers';

const LIST = `query List($input: MyPoliciesInput!) {
  getMyPolicies(input: $input) { data { policyNumber type status purchasedAt optionTitle productDefination } currentPage pageSize totalCount totalPages }
}`;
const DETAIL = `query Detail($policyNumber: String!, $list: String) {
  getMyPolicyDetail(policyNumber: $policyNumber, list: $list) {
    policy { policyNumber type status coverage { formatted } }
    benificiaryDetail { firstName lastName }
    useOfProceeds { value selected }
    payments { payable { cents } paid { cents } outstanding { cents } schedule { number dueDate } payments { receiptNumber } contractUrl }
    payouts { id status paidOn acknowledged amount { formatted } }
    blockchainTxnURL canCancel cancellationPending
  }
}`;
const ACK = 'mutation Ack($ids: [String!]!) { acknowledgePayout(payoutIds: $ids) { message payoutIds } }';

interface Card { policyNumber: string; type: string; status: string; purchasedAt: string; optionTitle: string; productDefination: string }
interface DetailAnswer {
  getMyPolicyDetail: {
    policy: { policyNumber: string; type: string; status: string };
    benificiaryDetail: { firstName: string; lastName: string } | null;
    useOfProceeds: { value: string; selected: boolean }[];
    payments: { outstanding: { cents: number }; schedule: unknown[]; contractUrl: string | null };
    payouts: { id: string; status: string; paidOn: string | null; acknowledged: boolean }[];
    blockchainTxnURL: string | null;
    canCancel: boolean;
    cancellationPending: boolean;
  };
}
interface ListAnswer { getMyPolicies: { data: Card[]; currentPage: number; pageSize: number; totalCount: number; totalPages: number } }
const display = (body: { errors?: { extensions?: { display_message?: string } }[] }) => body.errors?.[0]?.extensions?.display_message;
const code = (body: { errors?: { extensions?: { code?: string } }[] }) => body.errors?.[0]?.extensions?.code;

describeApp('my policies: the three lists, a policy detail and acknowledging a payout', (suite) => {
  const tokens = {} as Record<'a' | 'b' | 'admin', string>;
  let aId = '';
  beforeAll(async () => {
    tokens.a = await tokenFor(suite.app, 'purchaser@fhp.example');
    tokens.b = await tokenFor(suite.app, 'purchaser.b@fhp.example');
    tokens.admin = await tokenFor(suite.app, 'admin@fhp.example');
    aId = await userId(suite.app, 'purchaser@fhp.example');
    // The demo policies: every status, a paid payout waiting for its acknowledgement.
    await seedDemoPolicies(suite.app);
  });

  const list = (token: string, input: Record<string, unknown>) => gqlAs<ListAnswer>(suite.app, token, LIST, { input });

  it('puts each of the demo holder\'s policies in the list the spec defines, and no one else\'s', async () => {
    const own = await suite.app.db.select().from(policies).where(eq(policies.ownerId, aId));
    const seen = new Map<string, string>();
    for (const name of ['ACTUAL', 'PROVISIONAL', 'ARCHIVED']) {
      const answer = await list(tokens.a, { list: name, limit: 50 });
      expect(answer.body.errors).toBeUndefined();
      for (const card of answer.body.data!.getMyPolicies.data) {
        expect(seen.has(card.policyNumber), `${card.policyNumber} in two lists`).toBe(false);
        seen.set(card.policyNumber, name);
      }
    }
    for (const row of own) {
      const expected =
        row.status === 'EXPIRED' || row.status === 'CANCELED' ? 'ARCHIVED' : row.type === 'ACTUAL' ? 'ACTUAL' : row.status === 'PAYMENT_PENDING' ? 'PROVISIONAL' : undefined;
      expect(seen.get(row.policyNumber), `${row.policyNumber} ${row.type} ${row.status}`).toBe(expected);
    }
    expect(seen.size).toBe(own.length);
    expect([...seen.values()].sort()).toEqual(expect.arrayContaining(['ACTUAL', 'ARCHIVED', 'PROVISIONAL']));
  });

  it('pages 25 new provisional policies newest purchase first, 10 at a time, without overlap', async () => {
    const { app } = suite;
    const fresh = await userId(app, 'purchaser.b@fhp.example');
    const before = (await list(tokens.b, { list: 'PROVISIONAL' })).body.data!.getMyPolicies.totalCount;
    for (let i = 0; i < 25; i += 1) {
      await makeProvisional(app, 'purchaser.b@fhp.example', { purchasedAt: new Date(Date.UTC(2027, 0, 1 + i, 16)).toISOString() });
    }
    expect(fresh).not.toBe(aId);
    const first = (await list(tokens.b, { list: 'PROVISIONAL' })).body.data!.getMyPolicies;
    expect(first).toMatchObject({ currentPage: 1, pageSize: 10, totalCount: before + 25, totalPages: Math.ceil((before + 25) / 10) });
    expect(first.data).toHaveLength(10);
    const pages = [first.data];
    for (let skip = 10; skip < first.totalCount; skip += 10) {
      const page = (await list(tokens.b, { list: 'PROVISIONAL', skip })).body.data!.getMyPolicies;
      expect(page.currentPage).toBe(skip / 10 + 1);
      pages.push(page.data);
    }
    const all = pages.flat();
    expect(new Set(all.map((card) => card.policyNumber)).size).toBe(before + 25);
    const times = all.map((card) => Date.parse(card.purchasedAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(all[0]!.purchasedAt).toBe('2027-01-25T16:00:00.000Z');
    expect(all.every((card) => card.type === 'PROVISIONAL' && card.status === 'PAYMENT_PENDING')).toBe(true);
    // Holder A's provisional list holds none of them.
    const a = (await list(tokens.a, { list: 'PROVISIONAL', limit: 50 })).body.data!.getMyPolicies.data.map((card) => card.policyNumber);
    expect(a.some((number) => all.some((card) => card.policyNumber === number))).toBe(false);
  });

  it('filters the archive by part of a policy number, in any case', async () => {
    const archived = (await list(tokens.a, { list: 'ARCHIVED' })).body.data!.getMyPolicies.data;
    expect(archived.length).toBeGreaterThan(0);
    const target = archived[0]!.policyNumber;
    const filtered = (await list(tokens.a, { list: 'ARCHIVED', policyNumber: target.slice(-6).toLowerCase() })).body.data!.getMyPolicies;
    expect(filtered.data.map((card) => card.policyNumber)).toEqual([target]);
    expect((await list(tokens.a, { list: 'ARCHIVED', policyNumber: '%' })).body.data!.getMyPolicies.totalCount).toBe(0);
  });

  it('refuses bad list input with words, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ list: 'ALL' }, 'Please choose actual, provisional or archived policies'],
      [{ list: 'ACTUAL', limit: 0 }, 'Limit must be a whole number from 1 to 50'],
      [{ list: 'ACTUAL', limit: 500 }, 'Limit must be a whole number from 1 to 50'],
      [{ list: 'ACTUAL', skip: -10 }, 'Skip must be a whole number of 0 or more'],
      [{ list: 'ARCHIVED', policyNumber: 'X'.repeat(200) }, 'Policy number must be at most 40 characters'],
    ];
    for (const [input, message] of cases) {
      const answer = await list(tokens.a, input);
      expect(answer.status).toBe(200);
      expect(display(answer.body)).toBe(message);
    }
    expect(code((await list('', { list: 'ACTUAL' })).body)).toBe('UNAUTHENTICATED');
  });

  it('shows an issued policy with beneficiary, payments, contract and ledger link; another holder or the wrong list gets not found', async () => {
    const { app } = suite;
    const [issued] = await app.db.select().from(policies).where(and(eq(policies.ownerId, aId), eq(policies.status, 'ISSUED')));
    const answer = await gqlAs<DetailAnswer>(app, tokens.a, DETAIL, { policyNumber: issued!.policyNumber, list: 'ACTUAL' });
    expect(answer.body.errors).toBeUndefined();
    const detail = answer.body.data!.getMyPolicyDetail;
    expect(detail.policy).toMatchObject({ policyNumber: issued!.policyNumber, type: 'ACTUAL', status: 'ISSUED' });
    expect(detail.benificiaryDetail).toEqual({ firstName: 'Marcus', lastName: 'Charles' });
    expect(detail.useOfProceeds.some((entry) => entry.selected)).toBe(true);
    expect(detail.payments.outstanding.cents).toBe(0);
    expect(detail.payments.contractUrl).toBe(`/api/v1/policies/${issued!.policyNumber}/contract`);
    expect(detail.blockchainTxnURL).toMatch(/^\/explorer\/[0-9a-f]{64}$/);
    expect(detail.canCancel).toBe(false);
    // The ledger link opens a real entry.
    const hash = detail.blockchainTxnURL!.split('/').pop();
    const txn = await gqlAs<{ getBlockchianTxn: { hash: string } }>(app, tokens.a, `{ getBlockchianTxn(hash: "${hash}") { hash } }`);
    expect(txn.body.data?.getBlockchianTxn.hash).toBe(hash);

    for (const [token, variables] of [
      [tokens.b, { policyNumber: issued!.policyNumber, list: 'ACTUAL' }],
      [tokens.admin, { policyNumber: issued!.policyNumber }],
      [tokens.a, { policyNumber: issued!.policyNumber, list: 'PROVISIONAL' }],
      [tokens.a, { policyNumber: issued!.policyNumber, list: 'ARCHIVED' }],
      [tokens.a, { policyNumber: 'FHP-GD-2027-999999' }],
      [tokens.a, { policyNumber: "'; drop table policies; --" }],
      [tokens.a, { policyNumber: '' }],
    ] as const) {
      const refused = await gqlAs(app, token, DETAIL, variables);
      expect(refused.status).toBe(200);
      expect(code(refused.body)).toBe('NOT_FOUND');
      expect(display(refused.body)).toBe('This policy was not found.');
      expect(refused.body.data).toBeNull();
    }
  });

  it('offers cancellation on a provisional policy awaiting payment only', async () => {
    const { app } = suite;
    const policy = await makeProvisional(app, 'purchaser@fhp.example');
    const detail = await gqlAs<DetailAnswer>(app, tokens.a, DETAIL, { policyNumber: policy.policyNumber, list: 'PROVISIONAL' });
    expect(detail.body.data!.getMyPolicyDetail).toMatchObject({ canCancel: true, cancellationPending: false, blockchainTxnURL: null });
    expect(detail.body.data!.getMyPolicyDetail.payments.schedule).toHaveLength(2);
  });

  it('a cancelled policy owes nothing: the detail answers nothing outstanding, nothing due, and the paid amount as the refund due (issue 20 item 3)', async () => {
    const { app } = suite;
    const QUERY = `query D($policyNumber: String!) { getMyPolicyDetail(policyNumber: $policyNumber, list: "ARCHIVED") { payments { paid { cents } outstanding { cents } refundDue { cents } minDue { amount { cents } } } } }`;
    const cancelled = await app.db.select().from(policies).where(and(eq(policies.ownerId, aId), eq(policies.status, 'CANCELED')));
    expect(cancelled.some((row) => row.paidCents > 0)).toBe(true);
    for (const row of cancelled) {
      const answer = await gqlAs<{ getMyPolicyDetail: { payments: { paid: { cents: number }; outstanding: { cents: number }; refundDue: { cents: number }; minDue: { amount: { cents: number } } } } }>(app, tokens.a, QUERY, { policyNumber: row.policyNumber });
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data!.getMyPolicyDetail.payments).toEqual({ paid: { cents: row.paidCents }, outstanding: { cents: 0 }, refundDue: { cents: row.paidCents }, minDue: { amount: { cents: 0 } } });
    }
  });

  it('names each payout\'s storm (issue 20 item 2): its stored name beside the id, in the list and the detail', async () => {
    const { app } = suite;
    const PAYOUTS = `query P($input: MyPayoutsInput) { getMyPayouts(input: $input) { data { stormRef stormName } } }`;
    const page = await gqlAs<{ getMyPayouts: { data: { stormRef: string | null; stormName: string | null }[] } }>(app, tokens.a, PAYOUTS, { input: { limit: 50 } });
    expect(page.body.errors).toBeUndefined();
    const named = page.body.data!.getMyPayouts.data;
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((payout) => payout.stormRef === 'AL052026').every((payout) => payout.stormName === 'JANET EXERCISE')).toBe(true);
    expect(named.every((payout) => payout.stormRef === null || payout.stormName?.endsWith(' EXERCISE'))).toBe(true);
  });

  it('getMyPayouts pages the caller\'s own payouts, of one policy by id or number; another holder\'s policy has none; bad paging in words', async () => {
    const { app } = suite;
    const PAYOUTS = `query P($input: MyPayoutsInput) { getMyPayouts(input: $input) { data { id policyId status } currentPage pageSize totalCount totalPages } }`;
    type PayoutPage = { getMyPayouts: { data: { id: string; policyId: string; status: string }[]; currentPage: number; pageSize: number; totalCount: number; totalPages: number } };
    const owned = await app.db.select({ id: payouts.id, policyId: payouts.policyId }).from(payouts).innerJoin(policies, eq(policies.id, payouts.policyId)).where(eq(policies.ownerId, aId));
    expect(owned.length).toBeGreaterThan(1);

    const all = await gqlAs<PayoutPage>(app, tokens.a, PAYOUTS, {});
    expect(all.body.errors).toBeUndefined();
    expect(all.body.data!.getMyPayouts).toMatchObject({ currentPage: 1, pageSize: 10, totalCount: owned.length });
    expect(all.body.data!.getMyPayouts.data.map((payout) => payout.id).sort()).toEqual(owned.map((payout) => payout.id).sort());

    const [one] = owned;
    const [policy] = await app.db.select().from(policies).where(eq(policies.id, one!.policyId));
    const expected = owned.filter((payout) => payout.policyId === one!.policyId).map((payout) => payout.id).sort();
    for (const ref of [policy!.id, policy!.policyNumber, policy!.policyNumber.toLowerCase()]) {
      const page = await gqlAs<PayoutPage>(app, tokens.a, PAYOUTS, { input: { where: { policyId: { equals: ref } } } });
      expect(page.body.data!.getMyPayouts.data.map((payout) => payout.id).sort(), ref).toEqual(expected);
    }
    const paged = await gqlAs<PayoutPage>(app, tokens.a, PAYOUTS, { input: { skip: 1, limit: 1 } });
    expect(paged.body.data!.getMyPayouts).toMatchObject({ currentPage: 2, pageSize: 1, totalCount: owned.length, totalPages: owned.length });
    expect(paged.body.data!.getMyPayouts.data).toHaveLength(1);

    // B asks for A's policy, by id and by number: an empty page, nothing of A's.
    for (const ref of [policy!.id, policy!.policyNumber, 'not-a-policy']) {
      const theirs = await gqlAs<PayoutPage>(app, tokens.b, PAYOUTS, { input: { where: { policyId: { equals: ref } } } });
      expect(theirs.body.data!.getMyPayouts).toMatchObject({ data: [], totalCount: 0 });
    }
    expect(display((await gqlAs(app, tokens.a, PAYOUTS, { input: { limit: 51 } })).body)).toBe('Limit must be a whole number from 1 to 50');
    expect(display((await gqlAs(app, tokens.a, PAYOUTS, { input: { skip: -1 } })).body)).toBe('Skip must be a whole number of 0 or more');
  });

  it('acknowledges a paid payout once; a pending one, a repeat or another holder\'s is refused and nothing is stored', async () => {
    const { app } = suite;
    const [confirmation] = await app.db.select().from(policies).where(and(eq(policies.ownerId, aId), eq(policies.status, 'PAYOUT_CONFIRMATION')));
    const [intimation] = await app.db.select().from(policies).where(and(eq(policies.ownerId, aId), eq(policies.status, 'PAYOUT_INTIMATION')));
    const detail = await gqlAs<DetailAnswer>(app, tokens.a, DETAIL, { policyNumber: confirmation!.policyNumber, list: 'ACTUAL' });
    const paid = detail.body.data!.getMyPolicyDetail.payouts[0]!;
    expect(paid).toMatchObject({ status: 'PAID', acknowledged: false, paidOn: '2026-07-31' });
    const [pending] = await app.db.select().from(payouts).where(eq(payouts.policyId, intimation!.id));
    const logCount = () => app.db.$count(transactionLog, eq(transactionLog.ownerId, aId));
    const logBefore = await logCount();

    const byB = await gqlAs(app, tokens.b, ACK, { ids: [paid.id] });
    expect(code(byB.body)).toBe('NOT_FOUND');
    const notUuid = await gqlAs(app, tokens.a, ACK, { ids: ['nope'] });
    expect(display(notUuid.body)).toBe('This payout was not found');
    // All or none: the pending one refuses the pair, and the paid one stays unacknowledged.
    const mixed = await gqlAs(app, tokens.a, ACK, { ids: [paid.id, pending!.id] });
    expect(display(mixed.body)).toBe('Only a paid payout can be acknowledged');
    expect((await app.db.select().from(payouts).where(eq(payouts.id, paid.id)))[0]!.acknowledgedAt).toBeNull();
    expect(await logCount()).toBe(logBefore);
    expect(display((await gqlAs(app, tokens.a, ACK, { ids: [] })).body)).toBe('This payout was not found');

    const done = await gqlAs<{ acknowledgePayout: { message: string } }>(app, tokens.a, ACK, { ids: [paid.id] });
    expect(done.body.errors).toBeUndefined();
    expect(done.body.data!.acknowledgePayout.message).toBe('Payment receipt confirmed');
    const again = await gqlAs(app, tokens.a, ACK, { ids: [paid.id] });
    expect(display(again.body)).toBe('This payout has already been acknowledged');
    const after = await gqlAs<DetailAnswer>(app, tokens.a, DETAIL, { policyNumber: confirmation!.policyNumber, list: 'ACTUAL' });
    expect(after.body.data!.getMyPolicyDetail.payouts[0]!.acknowledged).toBe(true);
    expect(after.body.data!.getMyPolicyDetail.policy.status).toBe('EVENT_MONITORING');
    expect(await app.db.$count(policies, and(eq(policies.ownerId, aId), inArray(policies.status, ['PAYOUT_CONFIRMATION']), ne(policies.id, confirmation!.id)))).toBe(0);
  });
});
