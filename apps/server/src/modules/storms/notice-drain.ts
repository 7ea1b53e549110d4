import type { CountryCode } from '@fhp/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobDefinition } from '../jobs';
import type { LifecycleDeps } from '../lifecycle';
import type { StoredMessage } from '../notifications';
import { alertEmail, alertSms, payoutEmail, payoutSms, type AlertNotice, type PayoutNotice } from './notices';

/**
 * Storm notices, drained into the delivery queue (decision 091). The payout and alert rows the
 * trigger engine writes are the record of what each holder is owed a notice about
 * (`notice_queued_at` is null): the import's transaction writes nothing more per payout, however
 * big the storm. This drain then takes them in chunks, each in a transaction of its own that locks the
 * rows (`SKIP LOCKED`: two drains never take the same row), writes their emails and texts to the
 * queue and marks them queued, so a notice is queued exactly once whatever crashes or instances,
 * and the queue sends it at least once. It runs right after an import commits, and as a job
 * (at start and every ten minutes) for what a process that died after its commit left.
 */

/** Rows per transaction: a storm of 100,000 payouts is queued in 200 short transactions. */
export const NOTICE_CHUNK = 500;

type DrainDeps = Pick<LifecycleDeps, 'db' | 'deliveries'>;
type QueryRows<T> = { rows: T[] };

/** The holder's columns a notice needs; a deleted (anonymised) holder is told nothing. */
interface HolderColumns {
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  phone_verified: boolean;
  deleted_at: Date | string | null;
}

const HOLDER_COLUMNS = sql`u.email, u.first_name, u.last_name, u.phone, u.phone_verified, u.deleted_at`;

/** As the direct sends before decision 091 said it. */
function holderName(holder: HolderColumns): string {
  return [holder.first_name, holder.last_name].filter(Boolean).join(' ') || 'customer';
}

/** The email, and the text when the holder's phone is verified; nothing for a deleted account. */
function noticesTo(holder: HolderColumns, kind: 'storm alert' | 'payout', email: (name: string) => Omit<StoredMessage, 'channel' | 'to' | 'kind'>, text: () => string): StoredMessage[] {
  if (holder.deleted_at !== null) return [];
  const messages: StoredMessage[] = [{ channel: 'email', to: holder.email, kind: `${kind} email`, ...email(holderName(holder)) }];
  if (holder.phone && holder.phone_verified) messages.push({ channel: 'sms', to: holder.phone, kind: `${kind} text`, text: text() });
  return messages;
}

interface AlertRow extends HolderColumns {
  storm_id: string;
  owner_id: string;
  storm_name: string;
  country: CountryCode;
  closest_metres: number;
  category_label: string | null;
  wind_kt: number | null;
  policy_numbers: string[] | null;
}

/** One chunk of alerts after `after` (storm, holder) in key order: locked, marked queued, and read back with their storm and holder. */
async function alertChunk(tx: Db, after: readonly [string, string], at: Date, size: number): Promise<AlertRow[]> {
  const result = (await tx.execute(sql`
    WITH due AS (
      SELECT storm_id, owner_id FROM storm_alerts
      WHERE notice_queued_at IS NULL AND (storm_id, owner_id) > (${after[0]}::text, ${after[1]}::uuid)
      ORDER BY storm_id, owner_id
      LIMIT ${size}
      FOR UPDATE SKIP LOCKED
    ),
    marked AS (
      UPDATE storm_alerts sa SET notice_queued_at = ${at}
      FROM due WHERE sa.storm_id = due.storm_id AND sa.owner_id = due.owner_id
      RETURNING sa.storm_id, sa.owner_id, sa.country, sa.closest_metres, sa.category_label, sa.wind_kt, sa.policy_numbers
    )
    SELECT m.*, s.name AS storm_name, ${HOLDER_COLUMNS}
    FROM marked m JOIN storms s ON s.id = m.storm_id JOIN users u ON u.id = m.owner_id
    ORDER BY m.storm_id, m.owner_id
  `)) as unknown as QueryRows<AlertRow>;
  return result.rows;
}

function alertMessages(row: AlertRow): StoredMessage[] {
  // Alerts from before decision 091 lack their words; they were sent then and are marked queued.
  if (row.category_label === null || row.policy_numbers === null) return [];
  const alert: AlertNotice = {
    policyNumbers: row.policy_numbers,
    stormId: row.storm_id,
    stormName: row.storm_name,
    country: row.country,
    closestMetres: Number(row.closest_metres),
    categoryLabel: row.category_label,
    windKt: row.wind_kt === null ? null : Number(row.wind_kt),
  };
  return noticesTo(
    row,
    'storm alert',
    (holderName) => alertEmail({ holderName, alert }),
    () => alertSms(alert),
  );
}

interface PayoutRow extends HolderColumns {
  id: string;
  storm_ref: string | null;
  storm_name: string | null;
  policy_number: string;
  country: CountryCode;
  percent: number;
  contract_percent: number;
  prior_contract_percent: number;
  amount_cents: number;
}

/**
 * One chunk of payouts after `after` (an id) in id order, as `alertChunk`. A payout waits while
 * its holder's alert about the same storm is not queued yet (another drain holds it), so the
 * alert saying the storm is near always goes first. The contract's % before a top-up is the
 * highest level the storm paid the policy below this one (the engine tops up the difference).
 */
async function payoutChunk(tx: Db, after: string, at: Date, size: number): Promise<PayoutRow[]> {
  const result = (await tx.execute(sql`
    WITH due AS (
      SELECT pa.id FROM payouts pa
      WHERE pa.notice_queued_at IS NULL AND pa.id > ${after}::uuid
        AND NOT EXISTS (
          SELECT 1 FROM policies p JOIN storm_alerts sa ON sa.owner_id = p.owner_id AND sa.storm_id = pa.storm_ref
          WHERE p.id = pa.policy_id AND sa.notice_queued_at IS NULL
        )
      ORDER BY pa.id
      LIMIT ${size}
      FOR UPDATE SKIP LOCKED
    ),
    marked AS (
      UPDATE payouts pa SET notice_queued_at = ${at}
      FROM due WHERE pa.id = due.id
      RETURNING pa.id, pa.policy_id, pa.storm_ref, pa.percent, pa.contract_percent, pa.amount_cents
    )
    SELECT m.id, m.storm_ref, s.name AS storm_name, p.policy_number, p.country, m.percent, m.contract_percent, m.amount_cents,
           COALESCE((SELECT max(e.contract_percent) FROM payouts e
                     WHERE e.policy_id = m.policy_id AND e.storm_ref = m.storm_ref AND e.contract_percent < m.contract_percent), 0) AS prior_contract_percent,
           ${HOLDER_COLUMNS}
    FROM marked m JOIN policies p ON p.id = m.policy_id JOIN users u ON u.id = p.owner_id LEFT JOIN storms s ON s.id = m.storm_ref
    ORDER BY m.id
  `)) as unknown as QueryRows<PayoutRow>;
  return result.rows;
}

function payoutMessages(row: PayoutRow): StoredMessage[] {
  // A payout whose storm is not stored (a test's fixture of an earlier storm) has nothing to tell in these words.
  if (row.storm_ref === null || row.storm_name === null) return [];
  const payout: PayoutNotice = {
    policyNumber: row.policy_number,
    percent: Number(row.percent),
    contractPercent: Number(row.contract_percent),
    priorContractPercent: Number(row.prior_contract_percent),
    amountCents: Number(row.amount_cents),
    stormId: row.storm_ref,
    stormName: row.storm_name,
    country: row.country,
  };
  return noticesTo(
    row,
    'payout',
    (holderName) => payoutEmail({ holderName, payout }),
    () => payoutSms(payout),
  );
}

/**
 * Chunks of one table until none is left after the last key this drain took: each chunk's
 * messages and marks commit together, and the worker is kicked after each commit, so sending
 * starts while a big storm is still being queued. Rows another drain holds are skipped (it
 * queues them); rows committed meanwhile behind the last key are left to the next drain.
 */
async function drainTable<Row, Key>(deps: DrainDeps, first: Key, chunk: (tx: Db, after: Key) => Promise<Row[]>, keyOf: (row: Row) => Key, messagesOf: (row: Row) => StoredMessage[]): Promise<number> {
  let after = first;
  let queued = 0;
  for (;;) {
    const rows = await deps.db.transaction(async (tx) => {
      const taken = await chunk(tx, after);
      await deps.deliveries.enqueue(tx, taken.flatMap(messagesOf));
      return taken;
    });
    if (rows.length === 0) return queued;
    deps.deliveries.kick();
    queued += rows.length;
    after = keyOf(rows[rows.length - 1]!);
  }
}

const NO_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * Queues every storm notice not queued yet: the alerts first (the storm is near), then the
 * payouts. Answers how many alerts and payouts it marked queued (with or without messages: a
 * deleted holder's are marked and get nothing). `at` is what `notice_queued_at` records; `chunk`
 * is the rows per transaction (tests make it small to interleave two drains).
 */
export async function drainStormNotices(deps: DrainDeps, at: Date, options: { chunk?: number } = {}): Promise<number> {
  const size = options.chunk ?? NOTICE_CHUNK;
  const alerts = await drainTable(deps, ['', NO_UUID] as const, (tx, after) => alertChunk(tx, after, at, size), (row: AlertRow) => [row.storm_id, row.owner_id] as const, alertMessages);
  const payouts = await drainTable(deps, NO_UUID, (tx, after) => payoutChunk(tx, after, at, size), (row: PayoutRow) => row.id, payoutMessages);
  return alerts + payouts;
}

/** The notices of imports whose process died after the commit (or whose drain failed), queued at start and every ten minutes. */
export const stormNoticesJob: JobDefinition<LifecycleDeps> = {
  name: 'storm-notices',
  schedule: '*/10 * * * *',
  run: ({ deps, now }) => drainStormNotices(deps, now),
};
