import type { RecordScope, TxnListQuery } from '@fhp/domain';
import { and, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { transactionLog, users } from '../../db/schema';

export interface TxnPerson {
  firstName: string | null;
  lastName: string | null;
}

export interface TxnOwner extends TxnPerson {
  email: string;
  image: string | null;
}

export interface TxnListEntry {
  id: string;
  action: string;
  payload: Record<string, unknown>;
  type: string;
  createdAt: Date;
  location: string | null;
  /** Null for entries a job made (no person performed them). */
  performedBy: TxnPerson | null;
  txnOwner: TxnOwner;
}

export interface TxnListPage {
  entries: TxnListEntry[];
  totalCount: number;
}

/** Thrown when a customer names someone else's account id in `txnOwner`. */
export class NotYourTimelineError extends Error {
  override name = 'NotYourTimelineError';
}

async function userIdByVuid(db: Db, vuid: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.vuid, vuid)).limit(1);
  return row?.id;
}

const owner = alias(users, 'txn_owner');
const performer = alias(users, 'txn_performer');

/**
 * The filter of a getTxnList call as SQL, or null when it can match nothing (an account id that
 * does not exist). `scope` is the caller's CASL scope for reading `Transaction`: `own` adds "owned
 * by the caller" to every filter, so whatever else is asked, only the caller's entries come back.
 * Naming another account in `txnOwner` is refused outright (decision 016).
 */
export async function txnListFilter(db: Db, scope: Exclude<RecordScope, { kind: 'none' }>, where: TxnListQuery['where']): Promise<SQL | undefined | null> {
  const conditions: SQL[] = [];
  if (scope.kind === 'own') conditions.push(eq(transactionLog.ownerId, scope.ownerId));

  const [ownerId, performerId] = await Promise.all([
    where?.txnOwner ? userIdByVuid(db, where.txnOwner.equals) : undefined,
    where?.performedBy ? userIdByVuid(db, where.performedBy.equals) : undefined,
  ]);
  if (where?.txnOwner) {
    if (scope.kind === 'own' && ownerId !== scope.ownerId) throw new NotYourTimelineError();
    if (ownerId === undefined) return null;
    conditions.push(eq(transactionLog.ownerId, ownerId));
  }
  if (where?.performedBy) {
    if (performerId === undefined) return null;
    conditions.push(eq(transactionLog.performedBy, performerId));
  }
  if (where?.type) conditions.push(inArray(transactionLog.type, [...new Set(where.type.in)]));
  if (where?.txnSetId) {
    const ids = where.txnSetId.in.filter((id): id is string => id !== null);
    const matches: SQL[] = [];
    if (ids.length > 0) matches.push(inArray(transactionLog.txnSetId, [...new Set(ids)]));
    if (ids.length < where.txnSetId.in.length) matches.push(isNull(transactionLog.txnSetId));
    conditions.push(matches.length === 1 ? matches[0]! : or(...matches)!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The two statements of a page: its rows, newest first, and how many match. Each filter shape of
 * the spec has an index that reads it in this order (schema/policies.ts): by owner, by performer or
 * the whole log on (created_at, id); a policy's entries narrow the owner's.
 */
export function txnListStatements(db: Db, filter: SQL | undefined, limit: number, skip: number) {
  return {
    rows: db
      .select({
        id: transactionLog.id,
        action: transactionLog.action,
        payload: transactionLog.payload,
        type: transactionLog.type,
        createdAt: transactionLog.createdAt,
        location: transactionLog.location,
        performerId: transactionLog.performedBy,
        performerFirstName: performer.firstName,
        performerLastName: performer.lastName,
        ownerEmail: owner.email,
        ownerFirstName: owner.firstName,
        ownerLastName: owner.lastName,
        ownerImage: owner.image,
      })
      .from(transactionLog)
      .innerJoin(owner, eq(owner.id, transactionLog.ownerId))
      .leftJoin(performer, eq(performer.id, transactionLog.performedBy))
      .where(filter)
      .orderBy(desc(transactionLog.createdAt), desc(transactionLog.seq))
      .limit(limit)
      .offset(skip),
    count: db.select({ n: count() }).from(transactionLog).where(filter),
  };
}

/** One page of the transaction log as the caller may see it (see txnListFilter). */
export async function listTransactions(db: Db, scope: Exclude<RecordScope, { kind: 'none' }>, query: TxnListQuery): Promise<TxnListPage> {
  const filter = await txnListFilter(db, scope, query.where);
  if (filter === null) return { entries: [], totalCount: 0 };
  const statements = txnListStatements(db, filter, query.limit, query.skip);
  const [rows, [total]] = await Promise.all([statements.rows, statements.count]);
  return {
    totalCount: Number(total?.n ?? 0),
    entries: rows.map((row) => ({
      id: row.id,
      action: row.action,
      payload: row.payload,
      type: row.type,
      createdAt: row.createdAt,
      location: row.location,
      performedBy: row.performerId === null ? null : { firstName: row.performerFirstName, lastName: row.performerLastName },
      txnOwner: { email: row.ownerEmail, firstName: row.ownerFirstName, lastName: row.ownerLastName, image: row.ownerImage },
    })),
  };
}
