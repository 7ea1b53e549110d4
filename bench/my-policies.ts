/**
 * getMyPolicies at scale (`node --import tsx bench/my-policies.ts`, also run by `npm run bench`):
 * one holder with 30 policies among 1,000,000 policies of 20,000 other holders (BENCH_POLICY_ROWS),
 * each list page through the very query the resolver runs (`listMyPolicies`: the page and its
 * count), against a bare primary-key select of one policy measured in the same run. p50 and p99
 * of BENCH_SAMPLES runs each; target: p99 under 20 ms. PostgreSQL only (TEST_DATABASE_URL or
 * DATABASE_URL), in a scratch database created and dropped here.
 */
import { performance } from 'node:perf_hooks';
import { myPoliciesInputSchema } from '@fhp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { policies, users } from '../apps/server/src/db/schema';
import { listMyPolicies } from '../apps/server/src/modules/policies/my-policies';
import { SKIPPED_POSTGRES, withScratchPostgres } from './scratch-postgres';
import { runWhenStandalone } from './standalone';

const ROWS = Number(process.env.BENCH_POLICY_ROWS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const HOLDERS = 20_000;
const OWN = 30;
const TARGET_P99_MS = 20;

/** Policies of holder `vuid`, numbers from..to; statuses spread over every list. */
const insertPolicies = (from: number, to: number, owner: ReturnType<typeof sql>) => sql`
  insert into policies (policy_number, owner_id, type, status, country, option_id, coverage_cents, premium_cents, season_year,
    payment_plan, payment_channel, politically_exposed, charged, use_of_proceeds, terms_of_use, idempotency_key, purchased_at, created_at)
  select 'FHP-GD-2027-' || lpad(n::text, 8, '0'), ${owner},
    case when n % 4 = 0 then 'PROVISIONAL' else 'ACTUAL' end,
    case n % 8 when 0 then 'PAYMENT_PENDING' when 4 then 'CANCELED' when 1 then 'ISSUED' when 2 then 'EVENT_MONITORING' when 3 then 'EXPIRED' else 'PAYOUT_ACKNOWLEDGED' end,
    'gd', '3', 2500000, 196000, 2027, 'FULL', 'CREDIT_UNION', false, '{}'::jsonb, '[]'::jsonb, '[]'::jsonb, gen_random_uuid(),
    timestamptz '2027-05-01' - make_interval(secs => n * 7), timestamptz '2027-05-01' - make_interval(secs => n * 7)
  from generate_series(${from}::int, ${to}::int) as n`;

async function fill(database: Database): Promise<string> {
  const db = database.db;
  await database.prepare();
  await db.execute(sql`insert into roles (name) values ('purchaser') on conflict do nothing`);
  await db.execute(sql`insert into seasons (year, cover_start, cover_end, payment_deadline, purchase_window_open, next_season_year)
    values (2027, '2027-06-01', '2028-05-31', '2027-05-31', true, 2028) on conflict do nothing`);
  await db.execute(sql`insert into users (vuid, email, role_id, first_name, last_name, status)
    select 'P' || n, 'policyholder' || n || '@example.com', (select id from roles where name = 'purchaser'), 'Holder', 'Number ' || n, 'ACC_CREATED'
    from generate_series(0, ${HOLDERS}::int) as n`);
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.vuid, 'P0'));
  await db.execute(insertPolicies(1, OWN, sql`${holder!.id}::uuid`));
  for (let from = OWN + 1; from <= ROWS + OWN; from += 100_000) {
    const to = Math.min(from + 99_999, ROWS + OWN);
    await db.execute(insertPolicies(from, to, sql`(select id from users where vuid = 'P' || (1 + n % ${HOLDERS}))`));
  }
  await db.execute(sql`analyze policies`);
  return holder!.id;
}

function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function sample(run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 10; i++) await run(); // warm up
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return percentiles(times);
}

async function measure(label: string, database: Database): Promise<string[]> {
  const start = performance.now();
  const holderId = await fill(database);
  const filled = performance.now() - start;
  const db = database.db;
  // A policy of another holder from the middle of the table.
  const [one] = await db.select({ id: policies.id }).from(policies).where(eq(policies.policyNumber, `FHP-GD-2027-${String(Math.floor(ROWS / 2)).padStart(8, '0')}`));
  const baseline = await sample(() => db.select().from(policies).where(eq(policies.id, one!.id)));
  const lines = [
    `${label}: ${ROWS.toLocaleString('en-US')} policies of ${HOLDERS.toLocaleString('en-US')} other holders, ${OWN} of the holder asking (filled in ${(filled / 1000).toFixed(0)} s), ${SAMPLES} runs each`,
    `  ${'primary-key select of one policy (baseline)'.padEnd(44)} p50 ${baseline.p50.toFixed(2).padStart(7)} ms   p99 ${baseline.p99.toFixed(2).padStart(7)} ms`,
  ];
  for (const input of [{ list: 'ACTUAL' }, { list: 'PROVISIONAL' }, { list: 'ARCHIVED' }, { list: 'ARCHIVED', policyNumber: '0000001' }]) {
    const query = myPoliciesInputSchema.parse(input);
    const found = await listMyPolicies(db, holderId, query);
    const result = await sample(() => listMyPolicies(db, holderId, query));
    const name = `getMyPolicies ${query.list.toLowerCase()}${query.policyNumber ? ' filtered' : ''} (${found.cards.length} of ${found.totalCount})`;
    lines.push(
      `  ${name.padEnd(44)} p50 ${result.p50.toFixed(2).padStart(7)} ms   p99 ${result.p99.toFixed(2).padStart(7)} ms   p99 ratio ${(result.p99 / baseline.p99).toFixed(1)}   (target p99 < ${TARGET_P99_MS} ms: ${result.p99 < TARGET_P99_MS ? 'met' : 'NOT met'})`,
    );
  }
  return lines;
}

export async function runMyPoliciesBench(): Promise<string[]> {
  const lines = ['', 'A holder’s policy lists (getMyPolicies)'];
  const postgres = await withScratchPostgres((database, label) => measure(label, database));
  lines.push(...(postgres ?? [SKIPPED_POSTGRES]));
  return lines;
}

runWhenStandalone(import.meta.url, 'my policies', runMyPoliciesBench);
