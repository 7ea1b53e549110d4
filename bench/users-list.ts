/**
 * The administrators' users list at scale (`node --import tsx bench/users-list.ts`, also run by
 * `npm run bench`): 200,000 users (BENCH_USERS) on PostgreSQL, in a scratch database, through the
 * very statements getListOfUser runs (a page and its count), beside a primary-key read of one user
 * in the same run. Target (issue 11): each shape under 300 ms. PostgreSQL only (TEST_DATABASE_URL or
 * DATABASE_URL); skipped without it.
 */
import { performance } from 'node:perf_hooks';
import { userListInputSchema } from '@fhp/domain';
import { eq, sql } from 'drizzle-orm';
import { SKIPPED_POSTGRES, withScratchPostgres } from './scratch-postgres';
import type { Database } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { listUsers } from '../apps/server/src/modules/admin-users/repository';
import { runWhenStandalone } from './standalone';
import { fastest } from './timing';

const USERS = Number(process.env.BENCH_USERS ?? 200_000);
const RUNS = 7;
const TARGET_MS = 300;

async function fill(database: Database): Promise<void> {
  const db = database.db;
  await database.prepare();
  await db.execute(sql`insert into roles (name) values ('purchaser'), ('admin') on conflict do nothing`);
  for (let from = 1; from <= USERS; from += 50_000) {
    const to = Math.min(from + 49_999, USERS);
    await db.execute(sql`insert into users (vuid, email, role_id, first_name, last_name, status, suspended, created_at)
      select 'U' || n, 'user' || n || '@example.com', (select id from roles where name = 'purchaser'),
        (array['Alicia','Bernard','Odette','Terrence','Marcus','Olivia','Thérèse','Jean-Baptiste'])[1 + n % 8], 'Family ' || n,
        (array['USER_ADDED','INVITED','EMAIL_VERIFIED','ACC_CREATED','ACC_CREATED'])[1 + n % 5]::user_status, n % 97 = 0,
        timestamptz '2027-01-01' - make_interval(secs => n)
      from generate_series(${from}::int, ${to}::int) as n`);
  }
  await db.execute(sql`analyze users`);
}

async function measure(label: string, database: Database): Promise<string[]> {
  const start = performance.now();
  await fill(database);
  const filled = performance.now() - start;
  const db = database.db;
  const [one] = await db.select({ id: users.id }).from(users).limit(1);
  const baseline = await fastest(RUNS, () => db.select().from(users).where(eq(users.id, one!.id)));
  const shapes: [string, unknown][] = [
    ['first page of 10, any status', {}],
    ['active, page 1 of 30', { status: 'active', pageSize: 30 }],
    ['suspended, page 20 of 20', { status: 'suspended', pageSize: 20, page: 20 }],
    ['search an email (user123456@)', { search: 'user123456@' }],
    ['search a first name (Thérèse), page 50', { search: 'Thérèse', page: 50 }],
    ['search with no match', { search: 'nobody-here' }],
    ['page 5,000 of 20, any status', { pageSize: 20, page: 5000 }],
  ];
  const lines = [`${label}: ${USERS.toLocaleString('en-US')} users (filled in ${(filled / 1000).toFixed(0)} s), best of ${RUNS}`];
  lines.push(`  ${'primary-key read of one user (baseline)'.padEnd(42)} ${baseline.toFixed(2).padStart(8)} ms`);
  for (const [name, input] of shapes) {
    const ms = await fastest(RUNS, () => listUsers(db, userListInputSchema.parse(input)));
    lines.push(`  ${name.padEnd(42)} ${ms.toFixed(2).padStart(8)} ms   ratio ${(ms / baseline).toFixed(0).padStart(5)}  (target < ${TARGET_MS} ms: ${ms < TARGET_MS ? 'met' : 'NOT met'})`);
  }
  return lines;
}

export async function runUsersListBench(): Promise<string[]> {
  const lines = ['', 'Users list (getListOfUser)'];
  const postgres = await withScratchPostgres((database, label) => measure(label, database));
  lines.push(...(postgres ?? [SKIPPED_POSTGRES]));
  return lines;
}

runWhenStandalone(import.meta.url, 'users list', runUsersListBench);
