import {
  evaluationLeavesOf,
  formatReceiptNumber,
  holdsPayout,
  LEDGER_INITIAL_POLICY_STATUS,
  payoutStepRecord,
  paymentRecord,
  policyIssuedRecord,
  policyStatusAfter,
  recordDifferences,
  statusAfterPayoutLeaf,
  type LedgerPayload,
  type LedgerRecord,
  type PolicyStatus,
} from '@fhp/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isoInstant, payoutLeafOf, type PayoutLeafRow } from './payout-leaves';
import { reconcileEvaluations, type EvaluationSeen, type LeavesRead } from './reconcile-leaves';

/**
 * Reconciliation (issue 19 item 16, decision 135): the ledger proves the money, not only itself.
 * After the chain verifies, every policy, payment and payout row is rebuilt into the record its
 * entry must hold (the builders in packages/domain/src/ledger/records.ts, the same ones the appends
 * use) and compared with what the ledger recorded. A row changed behind the app's back, or one the
 * ledger has no entry for, is named: table, id, column, the two values and the entry.
 *
 * Cost: the entries were already read and parsed by the chain check, which hands each payload to
 * `LedgerIndex.observe` (a few map updates, no second parse); the rows are read once per table in
 * key order, in batches, with only the columns compared; the comparison is plain field equality
 * (no canonical JSON, no hashing).
 */

export type ReconciledTable = 'policies' | 'payments' | 'payouts';

export interface ReconciliationProblem {
  table: ReconciledTable;
  /** The row's id (a policy by its number). */
  id: string;
  /** The column that disagrees, or `(ledger entry)` when the row has none. */
  field: string;
  /** One sentence for the operator. */
  message: string;
}

interface Seen {
  sequence: number;
  payload: LedgerPayload;
}

interface PolicyFold {
  status: string | undefined;
  statusAt: number;
  paidCents: number;
  paidOutCents: number;
}

/** What the ledger says about each record, built while the chain is checked. */
export class LedgerIndex {
  readonly payments = new Map<string, Seen>();
  readonly payoutsCreated = new Map<string, Seen>();
  readonly payoutsPaid = new Map<string, Seen>();
  readonly payoutsAcknowledged = new Map<string, Seen>();
  readonly policiesIssued = new Map<string, Seen>();
  readonly policies = new Map<string, PolicyFold>();
  /** The storm evaluations' entries that hold payouts, by storm, island, season and instant. */
  readonly evaluations = new Map<string, EvaluationSeen[]>();

  readonly observe = (payload: LedgerPayload, sequence: number): void => {
    const seen = { sequence, payload };
    switch (payload.kind) {
      case 'PAYMENT_RECORDED':
        this.payments.set(payload.txnId, seen);
        break;
      case 'PAYOUT_CREATED':
        this.payoutsCreated.set(payload.txnId, seen);
        break;
      case 'PAYOUT_PAID':
        this.payoutsPaid.set(payload.txnId, seen);
        break;
      case 'PAYOUT_ACKNOWLEDGED':
        this.payoutsAcknowledged.set(payload.txnId, seen);
        break;
      case 'POLICY_ISSUED':
        this.policiesIssued.set(payload.txnId, seen);
        break;
      case 'TRIGGER_EVENT': {
        const leaves = evaluationLeavesOf(payload);
        if (leaves) {
          const key = evaluationKey(payload.data.storm, payload.data.country, payload.data.season, payload.timestamp);
          const list = this.evaluations.get(key) ?? [];
          list.push({ sequence, payload, leaves });
          this.evaluations.set(key, list);
        }
        break;
      }
      default:
        break;
    }
    const policyNumber = payload.data?.policyNumber;
    if (typeof policyNumber !== 'string') return;
    let fold = this.policies.get(policyNumber);
    if (!fold) this.policies.set(policyNumber, (fold = { status: undefined, statusAt: 0, paidCents: 0, paidOutCents: 0 }));
    if (payload.kind === 'PAYMENT_RECORDED') fold.paidCents += payload.valueCents ?? 0;
    if (payload.kind === 'PAYOUT_PAID') fold.paidOutCents += payload.valueCents ?? 0;
    const status = policyStatusAfter(payload);
    if (status !== undefined) {
      fold.status = status;
      fold.statusAt = sequence;
    }
  };
}

/** Where an evaluation's payouts are found: its storm, island, season and instant. */
const evaluationKey = (storm: unknown, country: unknown, season: unknown, timestamp: string) => `${String(storm)}|${String(country)}|${String(season)}|${timestamp}`;

/** The evaluation entry that holds a payout as a leaf, if any. */
function evaluationOf(index: LedgerIndex, row: PayoutLeafRow): EvaluationSeen | undefined {
  return index.evaluations.get(evaluationKey(row.storm_ref, row.country, row.season_year, isoInstant(row.created_at)))?.find((seen) => holdsPayout(seen.leaves, row.id));
}

/** The column of each record member, per table, for the operator's message. */
const COLUMNS: Record<ReconciledTable, Record<string, string>> = {
  payments: { valueCents: 'amount_cents', 'data.policyNumber': 'policy_id', 'data.receiptNumber': 'sequence', 'data.channel': 'channel', 'data.paidOn': 'paid_on' },
  payouts: { valueCents: 'amount_cents', 'data.policyNumber': 'policy_id', 'data.storm': 'storm_ref', 'data.percent': 'percent', 'data.contractPercent': 'contract_percent' },
  policies: { valueCents: 'coverage_cents', 'data.policyNumber': 'policy_number', 'data.country': 'country', 'data.option': 'option_id', 'data.seasonYear': 'season_year' },
};

const show = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));

function valueOf(record: LedgerRecord | LedgerPayload, member: string): unknown {
  if (member === 'valueCents') return record.valueCents;
  if (member === 'kind') return record.kind;
  if (member === 'txnId') return record.txnId;
  return (record.data as Record<string, unknown> | undefined)?.[member.slice('data.'.length)];
}

/** Below every uuid: where the key order of the uuid tables starts. */
const NO_UUID = '00000000-0000-0000-0000-000000000000';

/** Rows read per statement. */
const ROW_BATCH = 10_000;

type Rows<T> = { rows: T[] };

/**
 * A table's rows in key order, ROW_BATCH at a time (`page` reads the rows after a key), each page
 * handed to `each` row by row in a plain loop (an async generator's promise per row cost more than
 * the comparison itself).
 */
async function forEachRow<T>(page: (after: string) => Promise<T[]>, keyOf: (row: T) => string, first: string, each: (row: T) => void): Promise<void> {
  let after = first;
  for (;;) {
    const rows = await page(after);
    for (const row of rows) each(row);
    if (rows.length < ROW_BATCH) return;
    after = keyOf(rows.at(-1)!);
  }
}

export interface ReconciliationResult {
  rows: Record<ReconciledTable, number>;
  /** The first `limit` problems, in table then key order. */
  problems: ReconciliationProblem[];
  /** How many there are in all. */
  problemCount: number;
}

/**
 * Compares every policy, payment and payout row with `index` (the ledger as the chain check read
 * it). Collects every problem, keeping the first `limit` to report.
 */
export async function reconcileLedger(db: Db, index: LedgerIndex, limit = 20): Promise<ReconciliationResult> {
  const problems: ReconciliationProblem[] = [];
  let problemCount = 0;
  const problem = (table: ReconciledTable, id: string, field: string, message: string) => {
    problemCount += 1;
    if (problems.length < limit) problems.push({ table, id, field, message });
  };
  /** The record against its entry: a missing entry, or each member that differs, by column. */
  const compare = (table: ReconciledTable, id: string, record: LedgerRecord, seen: { sequence: number; payload: LedgerPayload | LedgerRecord } | undefined, how: string = record.kind) => {
    if (!seen) return problem(table, id, '(ledger entry)', `${table} ${id} has no ${record.kind} entry on the ledger`);
    for (const member of recordDifferences(record, seen.payload)) {
      const column = COLUMNS[table][member] ?? member;
      problem(table, id, column, `${table} ${id}: ${column} is ${show(valueOf(record, member))}, the ledger recorded ${show(valueOf(seen.payload, member))} (entry ${seen.sequence}, ${how})`);
    }
  };
  const rows: Record<ReconciledTable, number> = { policies: 0, payments: 0, payouts: 0 };

  // The payouts first: the evaluations' leaves move policies, which the policies' pass then expects.
  const leavesRead: LeavesRead = new Map();
  /** The last evaluation entry that moved each policy by a payout leaf, by policy id. */
  const leafMoves = new Map<string, number>();
  type PayoutRow = PayoutLeafRow & { policy_id: string; status: string; acknowledged: boolean };
  await forEachRow<PayoutRow>(
    async (after) =>
      ((await db.execute(sql`
        SELECT pa.id, pa.policy_id, p.policy_number, p.country, p.season_year, pa.storm_ref, pa.percent, pa.contract_percent, pa.amount_cents, pa.created_at,
               pa.status, pa.acknowledged_at IS NOT NULL AS acknowledged
        FROM payouts pa JOIN policies p ON p.id = pa.policy_id
        WHERE pa.id > ${after}::uuid ORDER BY pa.id LIMIT ${ROW_BATCH}`)) as unknown as Rows<PayoutRow>).rows,
    (row) => row.id,
    NO_UUID,
    (row) => {
        rows.payouts += 1;
        const payout = { payoutId: row.id, policyNumber: row.policy_number, amountCents: row.amount_cents };
        const leaf = payoutLeafOf(row);
        const own = index.payoutsCreated.get(row.id);
        const evaluation = own ? undefined : evaluationOf(index, row);
        if (evaluation) {
          // Rows come in id order, the leaves' order: each evaluation's list is built in order.
          const read = leavesRead.get(evaluation.sequence) ?? [];
          read.push(leaf);
          leavesRead.set(evaluation.sequence, read);
          if ((leafMoves.get(row.policy_id) ?? 0) < evaluation.sequence) leafMoves.set(row.policy_id, evaluation.sequence);
        } else if (own) {
          compare('payouts', row.id, leaf.record, own);
        } else {
          problem('payouts', row.id, '(ledger entry)', `payouts ${row.id} has no PAYOUT_CREATED entry and no storm evaluation's entry holds it on the ledger`);
        }
        const paid = index.payoutsPaid.get(row.id);
        if (row.status === 'PAID') compare('payouts', row.id, payoutStepRecord('PAYOUT_PAID', payout), paid);
        else if (paid) problem('payouts', row.id, 'status', `payouts ${row.id}: status is ${row.status}, the ledger recorded it paid (entry ${paid.sequence})`);
        const acknowledged = index.payoutsAcknowledged.get(row.id);
        if (row.acknowledged) compare('payouts', row.id, payoutStepRecord('PAYOUT_ACKNOWLEDGED', payout), acknowledged);
        else if (acknowledged) problem('payouts', row.id, 'acknowledged_at', `payouts ${row.id}: acknowledged_at is empty, the ledger recorded its receipt (entry ${acknowledged.sequence})`);
    },
  );
  await reconcileEvaluations(db, index.evaluations, leavesRead, problem, compare);

  // The policy numbers of the payments below, by policy id: one pass over the policies instead of a
  // join.
  const numbers = new Map<string, string>();
  type PolicyRow = { id: string; policy_number: string; status: string; coverage_cents: number; country: string; option_id: string; season_year: number; paid_cents: number; paid_out_cents: number; issued: boolean };
  await forEachRow<PolicyRow>(
    async (after) =>
      ((await db.execute(sql`
        SELECT id, policy_number, status, coverage_cents, country, option_id, season_year, paid_cents, paid_out_cents, issued_at IS NOT NULL AS issued
        FROM policies WHERE policy_number > ${after} ORDER BY policy_number LIMIT ${ROW_BATCH}`)) as unknown as Rows<PolicyRow>).rows,
    (row) => row.policy_number,
    '',
    (row) => {
        rows.policies += 1;
        const id = row.policy_number;
        numbers.set(row.id, id);
        const issued = index.policiesIssued.get(id);
        if (row.issued) {
          compare('policies', id, policyIssuedRecord({ policyNumber: id, coverageCents: row.coverage_cents, country: row.country, optionId: row.option_id, seasonYear: row.season_year }), issued);
        } else if (issued) {
          problem('policies', id, 'issued_at', `policies ${id}: issued_at is empty, but the ledger recorded it issued (entry ${issued.sequence})`);
        }
        const fold = index.policies.get(id);
        let ledgerStatus = fold?.status ?? LEDGER_INITIAL_POLICY_STATUS;
        let statusAt = fold?.statusAt ?? 0;
        // A payout leaf after the policy's last entry moved it by the storm step.
        const leafAt = leafMoves.get(row.id) ?? 0;
        if (leafAt > statusAt) {
          ledgerStatus = statusAfterPayoutLeaf(ledgerStatus as PolicyStatus);
          statusAt = leafAt;
        }
        if (row.status !== ledgerStatus) {
          problem('policies', id, 'status', `policies ${id}: status is ${row.status}, the ledger says ${ledgerStatus}${statusAt ? ` (entry ${statusAt})` : ' (no entry moved it yet)'}`);
        }
        if (row.paid_cents !== (fold?.paidCents ?? 0)) {
          problem('policies', id, 'paid_cents', `policies ${id}: paid_cents is ${row.paid_cents}, its PAYMENT_RECORDED entries add up to ${fold?.paidCents ?? 0}`);
        }
        if (row.paid_out_cents !== (fold?.paidOutCents ?? 0)) {
          problem('policies', id, 'paid_out_cents', `policies ${id}: paid_out_cents is ${row.paid_out_cents}, its PAYOUT_PAID entries add up to ${fold?.paidOutCents ?? 0}`);
        }
    },
  );

  type PaymentRow = { id: string; sequence: number; amount_cents: number; channel: string; paid_on: string; policy_id: string };
  await forEachRow<PaymentRow>(
    async (after) =>
      ((await db.execute(sql`
        SELECT id, sequence, amount_cents, channel, paid_on::text AS paid_on, policy_id
        FROM payments WHERE id > ${after}::uuid ORDER BY id LIMIT ${ROW_BATCH}`)) as unknown as Rows<PaymentRow>).rows,
    (row) => row.id,
    NO_UUID,
    (row) => {
        rows.payments += 1;
        const record = paymentRecord({
          paymentId: row.id,
          policyNumber: numbers.get(row.policy_id) ?? row.policy_id,
          amountCents: row.amount_cents,
          receiptNumber: formatReceiptNumber(row.sequence),
          channel: row.channel,
          paidOn: row.paid_on,
        });
        compare('payments', row.id, record, index.payments.get(row.id));
    },
  );

  return { rows, problems, problemCount };
}
