import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, type ScratchPostgres } from '../../test/databases';
import { formatGraphQLErrors, GQL_CODES } from '../graphql/errors';
import { graphqlJs } from '../graphql/graphql-js';
import { openDatabase, type Database } from './client';
import { CONTENTION_MESSAGE, contentionCode, retryOnContention } from './contention';

const quietLog = { error: () => undefined, warn: () => undefined };
const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
const wrapped = (cause: Error) => new Error('Failed query: update ...', { cause });

describe('retryOnContention', () => {
  const fast = { attempts: 4, baseDelayMs: 1 };

  it('runs a deadlocked or serialization-failed piece of work again until it succeeds', async () => {
    for (const code of ['40P01', '40001']) {
      let runs = 0;
      const answer = await retryOnContention(async () => {
        runs += 1;
        if (runs < 3) throw wrapped(Object.assign(new Error('contention'), { code }));
        return 'done';
      }, fast);
      expect({ code, answer, runs }).toEqual({ code, answer: 'done', runs: 3 });
    }
  });

  it('gives up after the last run with the contention error, and never reruns other failures', async () => {
    let runs = 0;
    const error = await retryOnContention(async () => {
      runs += 1;
      throw wrapped(deadlock());
    }, fast).catch((caught: unknown) => caught);
    expect(runs).toBe(4);
    expect(contentionCode(error)).toBe('40P01');

    runs = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryOnContention(async () => {
        runs += 1;
        throw unique;
      }, fast),
    ).rejects.toBe(unique);
    expect(runs).toBe(1);
  });

  it('pauses a random time that grows with each run (two victims do not come back together)', async () => {
    const pauses: number[] = [];
    const original = globalThis.setTimeout;
    globalThis.setTimeout = ((callback: () => void, ms: number) => {
      pauses.push(ms);
      return original(callback, 0);
    }) as typeof setTimeout;
    try {
      const draws = [0, 0.5, 0.99];
      await retryOnContention(
        async () => {
          if (pauses.length < 3) throw deadlock();
          return undefined;
        },
        { attempts: 4, baseDelayMs: 10, random: () => draws[pauses.length] ?? 0 },
      );
    } finally {
      globalThis.setTimeout = original;
    }
    // Half to one and a half times 10, 20, 40 ms.
    expect(pauses.map((ms) => Math.round(ms * 10) / 10)).toEqual([5, 20, 59.6]);
  });

  it('makes a GraphQL answer 503 with the retry sentence when the retries ran out', () => {
    const error = new graphqlJs.GraphQLError('Failed query', { originalError: wrapped(deadlock()) });
    const { statusCode, response } = formatGraphQLErrors({ data: null, errors: [error] }, quietLog);
    expect(statusCode).toBe(503);
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: GQL_CODES.UNAVAILABLE, display_message: CONTENTION_MESSAGE });
  });
});

// Two connections locking two rows in opposite orders: PGlite is one connection, so PostgreSQL only.
describe.runIf(process.env.TEST_DATABASE_URL)('a deadlock provoked on purpose (PostgreSQL)', () => {
  let scratch: ScratchPostgres;
  let database: Database;

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 });
    await database.db.execute(sql`create table pair (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into pair values (1, 0), (2, 0)`);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('is retried by the database’s own transactions and both succeed, each applied once', async () => {
    const { db } = database;
    // Each transaction's first run locks its first row, then waits until the other has locked its
    // own: their second updates then wait for each other, and PostgreSQL fails one (40P01).
    let firstLocks = 0;
    let bothLocked!: () => void;
    const barrier = new Promise<void>((resolve) => (bothLocked = resolve));
    const runs = { a: 0, b: 0 };
    const crossing = (name: 'a' | 'b', first: number, second: number) =>
      db.transaction(async (tx) => {
        runs[name] += 1;
        await tx.execute(sql`update pair set n = n + 1 where id = ${first}`);
        if (runs[name] === 1) {
          firstLocks += 1;
          if (firstLocks === 2) bothLocked();
          await barrier;
        }
        await tx.execute(sql`update pair set n = n + 10 where id = ${second}`);
        return name;
      });

    const retriedBefore = database.contention.retried;
    expect(await Promise.all([crossing('a', 1, 2), crossing('b', 2, 1)])).toEqual(['a', 'b']);
    // One of the two was the deadlock's victim and ran again; the other ran once.
    expect([runs.a, runs.b].sort()).toEqual([1, 2]);
    expect(database.contention.retried - retriedBefore).toBe(1);
    const rows = (await db.execute(sql`select id, n from pair order by id`)) as unknown as { rows: { id: number; n: number }[] };
    expect(rows.rows).toEqual([
      { id: 1, n: 11 },
      { id: 2, n: 11 },
    ]);
  });
});
