import { TXN_LIST_MESSAGES, txnListInputSchema } from '@fhp/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { appendTransaction, TXN_LOCATIONS, TXN_TYPES, type NewTxn } from '../src/modules/audit/transaction-log';
import { txnListFilter, txnListStatements } from '../src/modules/audit/txn-list';
import { describeApp } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';

const LIST = `query Txns($input: GetTxnListInput) {
  getTxnList(input: $input) {
    currentPage pageSize totalCount totalPages
    data { id action payload type when where performedBy { firstName lastName } txnOwner { email firstName fullName image lastName } }
  }
}`;

interface Entry {
  id: string;
  action: string;
  payload: Record<string, unknown>;
  type: string;
  when: number;
  where: string | null;
  performedBy: { firstName: string | null; lastName: string | null } | null;
  txnOwner: { email: string; firstName: string | null; fullName: string; image: string | null; lastName: string | null };
}
interface Page {
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  data: Entry[];
}

const T0 = Date.parse('2027-05-01T12:00:00Z');
const minute = (k: number) => new Date(T0 + k * 60_000);
const P1 = 'FHP-GD-2027-000101';
const P2 = 'FHP-GD-2027-000102';
const P3 = 'FHP-DM-2027-000103';
/** Older entries of purchaser A, so that paging and the indexes have a holder with thousands. */
const BULK_OF_A = 2500;
/** Entries of 200 other holders, so the table is large enough for the planner to prefer the indexes. */
const OTHERS = { holders: 200, each: 300 };

describeApp('the transaction log query (getTxnList)', (suite) => {
  const people = {} as Record<'a' | 'b' | 'admin' | 'teller', { id: string; vuid: string; token: string }>;

  beforeAll(async () => {
    const db = suite.app.db;
    const emails = { a: 'purchaser@fhp.example', b: 'purchaser.b@fhp.example', admin: 'admin@fhp.example', teller: 'teller@fhp.example' } as const;
    for (const [who, email] of Object.entries(emails) as [keyof typeof emails, string][]) {
      const [row] = await db.select({ id: users.id, vuid: users.vuid }).from(users).where(sql`${users.email} = ${email}`);
      people[who] = { ...row!, token: await tokenFor(suite.app, email) };
    }
    const { a, b, admin, teller } = people;
    const entry = (k: number, owner: string, performedBy: string | null, type: NewTxn['type'], txnSetId: string | null, location: NewTxn['location'] = TXN_LOCATIONS.portal): NewTxn => ({
      ownerId: owner,
      performedBy: performedBy as string,
      type,
      action: `step ${k}`,
      payload: { step: k, ...(txnSetId ? { policyNumber: txnSetId } : {}) },
      txnSetId,
      location,
      at: minute(k),
    });
    const specific = [
      entry(1, a.id, a.id, TXN_TYPES.KYC_SUBMISSION, null),
      entry(2, a.id, a.id, TXN_TYPES.POLICY_PURCHASE_FLOW, P1),
      entry(3, a.id, a.id, TXN_TYPES.POLICY_PURCHASE_FLOW, P2),
      entry(4, a.id, a.id, TXN_TYPES.BANK_DETAIL, null),
      entry(5, a.id, admin.id, TXN_TYPES.BANK_DETAIL, null, TXN_LOCATIONS.backOffice),
      entry(6, a.id, null, TXN_TYPES.POLICY_PURCHASE_FLOW, P1, TXN_LOCATIONS.system),
      entry(7, b.id, b.id, TXN_TYPES.KYC_SUBMISSION, null),
      entry(8, b.id, b.id, TXN_TYPES.POLICY_PURCHASE_FLOW, P3),
      entry(9, teller.id, teller.id, TXN_TYPES.BANK_DETAIL, null),
    ];
    for (const txn of specific) await appendTransaction(db, txn);

    await db.execute(sql`insert into transaction_log (owner_id, performed_by, type, action, payload, txn_set_id, location, created_at)
      select ${a.id}, ${a.id}, 'POLICY_PURCHASE_FLOW', 'older step', jsonb_build_object('n', n), 'FHP-GD-2026-000001', 'Customer portal',
        to_timestamp(${T0 / 1000}) - make_interval(secs => n)
      from generate_series(1, ${BULK_OF_A}) as n`);
    await db.execute(sql`insert into users (vuid, email, role_id, first_name, last_name, status)
      select 'BULK' || n, 'bulk' || n || '@example.com', (select id from roles where name = 'purchaser'), 'Bulk', 'Holder', 'ACC_CREATED'
      from generate_series(1, ${OTHERS.holders}) as n`);
    await db.execute(sql`insert into transaction_log (owner_id, performed_by, type, action, payload, txn_set_id, location, created_at)
      select u.id, u.id, case when n % 3 = 0 then 'KYC_SUBMISSION' when n % 3 = 1 then 'BANK_DETAIL' else 'POLICY_PURCHASE_FLOW' end,
        'other holder', '{}'::jsonb, case when n % 3 = 2 then 'FHP-DM-2026-' || u.vuid else null end, 'Customer portal',
        to_timestamp(${T0 / 1000}) - make_interval(secs => n * 7)
      from users u cross join generate_series(1, ${OTHERS.each}) as n where u.vuid like 'BULK%'`);
    await db.execute(sql`analyze transaction_log`);
  });

  async function list(who: keyof typeof people | 'anonymous', input: unknown) {
    const token = who === 'anonymous' ? undefined : people[who].token;
    const { status, body } = await gqlAs<{ getTxnList: Page }>(suite.app, token, LIST, { input });
    expect(status).toBeLessThan(500);
    return body;
  }

  async function page(who: keyof typeof people, input: unknown): Promise<Page> {
    const body = await list(who, input);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data!.getTxnList;
  }

  const steps = (p: Page) => p.data.map((e) => e.action);

  describe('the spec’s calls', () => {
    it('KYC timeline: the owner’s KYC submissions, with who, where and when', async () => {
      const kyc = await page('a', { where: { txnOwner: { equals: people.a.vuid }, type: { in: ['KYC_SUBMISSION'] } }, limit: 100 });
      expect(kyc).toMatchObject({ currentPage: 1, pageSize: 100, totalCount: 1, totalPages: 1 });
      expect(kyc.data[0]).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        action: 'step 1',
        payload: { step: 1 },
        type: 'KYC_SUBMISSION',
        when: minute(1).getTime(),
        where: 'Customer portal',
        performedBy: { firstName: 'Alicia', lastName: 'Charles' },
        txnOwner: { email: 'purchaser@fhp.example', firstName: 'Alicia', lastName: 'Charles', fullName: 'Alicia Charles', image: null },
      });
    });

    it('policy timeline: that policy’s steps and the owner’s entries of no policy, newest first', async () => {
      const timeline = await page('a', {
        where: { txnOwner: { equals: people.a.vuid }, type: { in: ['POLICY_PURCHASE_FLOW', 'KYC_SUBMISSION'] }, txnSetId: { in: [P1, null] } },
        limit: 100,
      });
      expect(steps(timeline)).toEqual(['step 6', 'step 2', 'step 1']);
      expect(timeline.data[0]).toMatchObject({ performedBy: null, where: 'FHP system' });
      const onlyP2 = await page('a', { where: { txnOwner: { equals: people.a.vuid }, txnSetId: { in: [P2] } } });
      expect(steps(onlyP2)).toEqual(['step 3']);
    });

    it('bank timeline: the bank-detail changes a person made', async () => {
      expect(steps(await page('a', { where: { performedBy: { equals: people.a.vuid }, type: { in: ['BANK_DETAIL'] } } }))).toEqual(['step 4']);
      // An admin's change to A's details is A's entry: A sees it by the admin's account id too.
      const byAdmin = { where: { performedBy: { equals: people.admin.vuid }, type: { in: ['BANK_DETAIL'] } } };
      expect(steps(await page('a', byAdmin))).toEqual(['step 5']);
      expect((await page('a', byAdmin)).data[0]).toMatchObject({ performedBy: { firstName: 'Adele', lastName: 'Baptiste' }, where: 'Back office' });
      expect(steps(await page('admin', byAdmin))).toEqual(['step 5']);
    });

    it('my payout details timeline: the bank-detail entries of the caller’s own account, whoever made them', async () => {
      const mine = (who: 'a' | 'admin' | 'teller') => ({ where: { txnOwner: { equals: people[who].vuid }, type: { in: ['BANK_DETAIL'] } }, limit: 100 });
      expect(steps(await page('a', mine('a')))).toEqual(['step 5', 'step 4']);
      // The admin changed A's details, but those are A's entries, not the admin's.
      expect(await page('admin', mine('admin'))).toMatchObject({ totalCount: 0, data: [] });
      expect(steps(await page('teller', mine('teller')))).toEqual(['step 9']);
    });
  });

  describe('paging', () => {
    it('answers 100 entries by default, newest first, and pages through a holder’s thousands', async () => {
      const total = 6 + BULK_OF_A;
      const first = await page('a', {});
      expect(first).toMatchObject({ currentPage: 1, pageSize: 100, totalCount: total, totalPages: Math.ceil(total / 100) });
      expect(first.data).toHaveLength(100);
      expect(steps(first).slice(0, 6)).toEqual(['step 6', 'step 5', 'step 4', 'step 3', 'step 2', 'step 1']);
      const whens = first.data.map((e) => e.when);
      expect(whens).toEqual([...whens].sort((x, y) => y - x));

      const third = await page('a', { skip: 200, limit: 100 });
      expect(third).toMatchObject({ currentPage: 3, totalCount: total });
      expect(third.data[0]!.payload).toEqual({ n: 195 });
      const last = await page('a', { skip: total - 10, limit: 25 });
      expect(last).toMatchObject({ currentPage: Math.floor((total - 10) / 25) + 1, pageSize: 25, totalPages: Math.ceil(total / 25) });
      expect(last.data).toHaveLength(10);
      expect((await page('a', { skip: total + 50 })).data).toEqual([]);

      // Pages never repeat or skip an entry.
      const seen = new Set<string>();
      for (let skip = 0; skip < 600; skip += 100) for (const e of (await page('a', { skip })).data) seen.add(e.id);
      expect(seen.size).toBe(600);
    });

    it('refuses a limit over 100, a negative skip and an unknown type in plain words, never a 500', async () => {
      for (const [input, message] of [
        [{ limit: 1000 }, TXN_LIST_MESSAGES.limitRange],
        [{ limit: 0 }, TXN_LIST_MESSAGES.limitRange],
        [{ skip: -1 }, TXN_LIST_MESSAGES.skipNegative],
        [{ where: { type: { in: ['PAYOUT'] } } }, TXN_LIST_MESSAGES.unknownType('PAYOUT', ['KYC_SUBMISSION', 'POLICY_PURCHASE_FLOW', 'BANK_DETAIL', 'CONTENT_EDIT', 'CATALOGUE_EDIT'])],
        [{ where: { txnOwner: { equals: '' } } }, TXN_LIST_MESSAGES.accountIdRequired],
      ] as const) {
        const body = await list('a', input);
        expect(body.data).toBeNull();
        expect(body.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', display_message: message });
      }
    });
  });

  describe('who sees what', () => {
    it('shows a customer only their own entries, whatever the filter', async () => {
      const all = await page('b', {});
      expect(steps(all)).toEqual(['step 8', 'step 7']);
      expect(all.data.every((e) => e.txnOwner.email === 'purchaser.b@fhp.example')).toBe(true);
      // Filters that would match other people's entries still answer only B's.
      expect(steps(await page('b', { where: { type: { in: ['KYC_SUBMISSION'] } } }))).toEqual(['step 7']);
      expect(steps(await page('b', { where: { txnSetId: { in: [P1, P3] } } }))).toEqual(['step 8']);
      expect((await page('b', { where: { performedBy: { equals: people.a.vuid } } })).totalCount).toBe(0);
    });

    it('refuses a customer who names another account as the owner (FORBIDDEN, existing or not)', async () => {
      for (const vuid of [people.a.vuid, 'NO-SUCH-ACCOUNT']) {
        const body = await list('b', { where: { txnOwner: { equals: vuid } } });
        expect(body.data).toBeNull();
        expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
    });

    it('shows administrators everyone’s entries, and nothing for an unknown account', async () => {
      const everything = await page('admin', { limit: 1 });
      expect(everything.totalCount).toBe(9 + BULK_OF_A + OTHERS.holders * OTHERS.each);
      expect(steps(await page('admin', { where: { txnOwner: { equals: people.b.vuid } } }))).toEqual(['step 8', 'step 7']);
      expect(await page('admin', { where: { txnOwner: { equals: 'NO-SUCH-ACCOUNT' } } })).toMatchObject({ totalCount: 0, data: [] });
    });

    it('shows a teller only their own entries, never a holder’s; refuses anonymous callers', async () => {
      expect(steps(await page('teller', {}))).toEqual(['step 9']);
      expect((await page('teller', { where: { performedBy: { equals: people.a.vuid } } })).totalCount).toBe(0);
      expect((await list('teller', { where: { txnOwner: { equals: people.a.vuid } } })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await list('anonymous', {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });

  it('lists entries of one change, which share its time, in the order they were written (newest first)', async () => {
    // A payment and the contract it issues are logged at the same instant; so are these twelve.
    const set = 'FHP-GD-2027-000199';
    const at = minute(100);
    const written = Array.from({ length: 12 }, (_, k) => `same-instant step ${k}`);
    await suite.app.db.transaction(async (tx) => {
      for (const action of written) {
        await appendTransaction(tx, { ownerId: people.a.id, performedBy: null, type: TXN_TYPES.POLICY_PURCHASE_FLOW, action, payload: {}, txnSetId: set, location: TXN_LOCATIONS.system, at });
      }
    });
    const timeline = await page('a', { where: { txnSetId: { in: [set] } }, limit: 20 });
    expect(steps(timeline)).toEqual([...written].reverse());
  });

  describe('indexes', () => {
    /** The plan of the very statements getTxnList runs for this caller and input. */
    async function plan(scope: { kind: 'own'; ownerId: string } | { kind: 'all' }, input: unknown, statement: 'rows' | 'count' = 'rows') {
      const query = txnListInputSchema.parse(input);
      const filter = await txnListFilter(suite.app.db, scope, query.where);
      const built = txnListStatements(suite.app.db, filter ?? undefined, query.limit, query.skip)[statement].toSQL();
      const result = (await suite.app.db.execute(sql.raw(`explain ${inline(built.sql, built.params)}`))) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    }

    it('reads a holder’s timelines, a performer’s entries and the whole log through an index, never a scan of the table', async () => {
      const own = { kind: 'own' as const, ownerId: people.a.id };
      const shapes: [typeof own | { kind: 'all' }, unknown, RegExp][] = [
        [own, {}, /transaction_log_owner_idx/],
        [own, { where: { txnOwner: { equals: people.a.vuid }, type: { in: ['KYC_SUBMISSION'] } } }, /transaction_log_owner_idx/],
        [own, { where: { type: { in: ['POLICY_PURCHASE_FLOW', 'KYC_SUBMISSION'] }, txnSetId: { in: [P1, null] } } }, /transaction_log_(owner|set)_idx/],
        [{ kind: 'all' }, { where: { performedBy: { equals: people.admin.vuid }, type: { in: ['BANK_DETAIL'] } } }, /transaction_log_performer_idx/],
        [{ kind: 'all' }, {}, /transaction_log_created_idx/],
      ];
      for (const [scope, input, index] of shapes) {
        const rows = await plan(scope, input);
        expect(rows, rows).toMatch(index);
        expect(rows, rows).not.toMatch(/Seq Scan on transaction_log/);
      }
      const count = await plan(own, {}, 'count');
      expect(count, count).not.toMatch(/Seq Scan on transaction_log/);
    });
  });
});

/** The statement with its parameters written in (EXPLAIN takes no bind parameters here). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}
