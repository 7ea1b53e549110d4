/**
 * A PostgreSQL database of a bench's own on the server TEST_DATABASE_URL (or DATABASE_URL) names:
 * created, handed to `use`, and dropped, so a bench never writes into the named database itself.
 * Answers null when no server is configured.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function withScratchPostgres<T>(use: (database: Database, label: string) => Promise<T>): Promise<T | null> {
  const server = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!server) return null;
  const name = `fhp_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(server, `create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  try {
    return await use(database, `PostgreSQL (${url.host}, scratch database)`);
  } finally {
    await database.close();
    await adminQuery(server, `drop database if exists "${name}" with (force)`);
  }
}

export const SKIPPED_POSTGRES = 'PostgreSQL: skipped (set TEST_DATABASE_URL or DATABASE_URL to measure it too)';
