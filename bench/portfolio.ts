/**
 * The portfolio at scale (`node --import tsx bench/portfolio.ts`, also run by `npm run bench`):
 * 1,000,000 policies (BENCH_PORTFOLIO_ROWS) over both islands, every option, status and three
 * seasons, 10,000 of them with payouts, on PostgreSQL in a scratch database. It times exactly what
 * the `portfolio` query runs (`loadPortfolio`: the grouped pass with the capped payouts, the seasons,
 * the contract over every shipped storm) beside two baselines measured in the same run: a
 * primary-key read of one policy, `count(*)` of the same table (the floor of any pass over every
 * policy), and a plain GROUP BY of the same groups with two sums (the floor of any grouped total). Target (issue 11): under 300 ms. PostgreSQL only (TEST_DATABASE_URL or
 * DATABASE_URL); skipped without it.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { policies } from '../apps/server/src/db/schema';
import { loadPortfolio } from '../apps/server/src/modules/portfolio/service';
import { SKIPPED_POSTGRES, withScratchPostgres } from './scratch-postgres';
import { runWhenStandalone } from './standalone';
import { fastest } from './timing';

const ROWS = Number(process.env.BENCH_PORTFOLIO_ROWS ?? 1_000_000);
const PAYOUTS = Math.min(10_000, Math.floor(ROWS / 100));
const HOLDERS = 20_000;
const RUNS = Number(process.env.BENCH_PORTFOLIO_RUNS ?? 7);
const TARGET_MS = 300;
const NOW = new Date('2026-11-26T16:00:00Z');

export async function fillPortfolio(database: Database): Promise<void> {
  const db = database.db;
  await database.prepare();
  await db.execute(sql`insert into roles (name) values ('purchaser') on conflict do nothing`);
  await db.execute(sql`insert into seasons (year, cover_start, cover_end, payment_deadline, purchase_window_open, next_season_year) values
    (2025, '2025-06-01', '2026-05-31', '2025-05-31', false, 2026),
    (2026, '2026-06-01', '2027-05-31', '2026-05-31', false, 2027),
    (2027, '2027-06-01', '2028-05-31', '2027-05-31', true, 2028) on conflict do nothing`);
  await db.execute(sql`insert into users (vuid, email, role_id, first_name, last_name, status)
    select 'P' || n, 'holder' || n || '@example.com', (select id from roles where name = 'purchaser'), 'Holder', 'Number ' || n, 'ACC_CREATED'
    from generate_series(1, ${HOLDERS}::int) as n`);
  for (let from = 1; from <= ROWS; from += 100_000) {
    const to = Math.min(from + 99_999, ROWS);
    await db.execute(sql`
      insert into policies (policy_number, owner_id, type, status, country, option_id, coverage_cents, premium_cents, discounted_premium_cents,
        season_year, payment_plan, payment_channel, politically_exposed, charged, use_of_proceeds, terms_of_use, idempotency_key,
        purchased_at, created_at, paid_cents)
      select 'FHP-' || lpad(n::text, 9, '0'), (select id from users where vuid = 'P' || (1 + n % ${HOLDERS})),
        case when n % 8 = 0 then 'PROVISIONAL' else 'ACTUAL' end,
        case n % 8 when 0 then 'PAYMENT_PENDING' when 1 then 'ISSUED' when 2 then 'EVENT_MONITORING' when 3 then 'EXPIRED'
          when 4 then 'CANCELED' when 5 then 'PAYOUT_ACKNOWLEDGED' when 6 then 'EVENT_MONITORING' else 'PAYOUT_INTIMATION' end,
        case when n % 3 = 0 then 'dm' else 'gd' end, (array['T','1','2','3','4','5'])[1 + n % 6],
        (1300 + (n::bigint * 7919 % 268700)::int) * 100, 196000, case when n % 5 = 0 then 186200 end,
        2025 + n % 3, 'FULL', 'CREDIT_UNION', false, '{}'::jsonb, '[]'::jsonb, '[]'::jsonb, gen_random_uuid(),
        timestamptz '2026-05-01' - make_interval(secs => n), timestamptz '2026-05-01' - make_interval(secs => n),
        case when n % 8 = 0 then 0 else 196000 end
      from generate_series(${from}::int, ${to}::int) as n`);
  }
  // A storm's payouts on some of the policies in force: the cap has something to do.
  await db.execute(sql`insert into payouts (policy_id, storm_ref, percent, contract_percent, amount_cents, status, created_at)
    select id, 'AL012026', 50, 50, coverage_cents / 2, 'PAID', timestamptz '2026-09-01'
    from policies where status in ('PAYOUT_ACKNOWLEDGED', 'PAYOUT_INTIMATION') limit ${PAYOUTS}`);
  // As autovacuum leaves a table that has settled: statistics, and the visibility map that lets
  // PostgreSQL answer from an index without visiting the rows.
  await db.execute(sql`vacuum analyze policies`);
  await db.execute(sql`vacuum analyze payouts`);
}

async function measure(label: string, database: Database): Promise<string[]> {
  const start = performance.now();
  await fillPortfolio(database);
  const filled = performance.now() - start;
  const db = database.db;
  const [one] = await db.select({ id: policies.id }).from(policies).where(eq(policies.policyNumber, `FHP-${String(Math.floor(ROWS / 2)).padStart(9, '0')}`));
  const pk = await fastest(RUNS, () => db.select().from(policies).where(eq(policies.id, one!.id)), { warmUp: true });
  const scan = await fastest(RUNS, () => db.execute(sql`select count(*) from policies`), { warmUp: true });
  const totals = await fastest(
    RUNS,
    () => db.execute(sql`select country, option_id, status, season_year, count(*), sum(coverage_cents), sum(paid_cents) from policies group by 1, 2, 3, 4`),
    { warmUp: true },
  );
  const portfolio = await fastest(RUNS, () => loadPortfolio(db, NOW), { warmUp: true });
  const answer = await loadPortfolio(db, NOW);
  const row = (name: string, ms: number, extra = '') => `  ${name.padEnd(46)} ${ms.toFixed(2).padStart(9)} ms${extra}`;
  return [
    `${label}: ${ROWS.toLocaleString('en-US')} policies, ${PAYOUTS.toLocaleString('en-US')} with payouts (filled in ${(filled / 1000).toFixed(0)} s), best of ${RUNS}`,
    row('primary-key read of one policy (baseline)', pk),
    row('count(*) of the policies (baseline)', scan),
    row('plain GROUP BY of the same groups (baseline)', totals),
    row(
      'portfolio (groups, exposure, every storm)',
      portfolio,
      `   ${(portfolio / scan).toFixed(1)}x count(*), ${(portfolio / totals).toFixed(2)}x the plain GROUP BY   (target < ${TARGET_MS} ms: ${portfolio < TARGET_MS ? 'met' : 'NOT met'})`,
    ),
    `  ${answer.groups.length} groups, ${answer.historical.length} historical storms priced`,
  ];
}

export async function runPortfolioBench(): Promise<string[]> {
  const lines = ['', 'Portfolio (portfolio query)'];
  const postgres = await withScratchPostgres((database, label) => measure(label, database));
  lines.push(...(postgres ?? [SKIPPED_POSTGRES]));
  return lines;
}

runWhenStandalone(import.meta.url, 'portfolio', runPortfolioBench);
