import { createHash } from 'node:crypto';
import {
  agreedVerdict,
  DomainError,
  highestFigures,
  LEDGER_ACCOUNTS,
  OPTION_IDS,
  SOURCE_DIFFERENCE_MESSAGES,
  sourceDifference,
  TXN_TYPES,
  type OptionPercents,
  type OptionTimes,
  type PayDifferenceInput,
  type SourceVerdict,
  type Storm,
} from '@fhp/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { stormDifferenceApprovals, stormEvaluations, storms, stormSourceEvaluations, stormSourcePoints, stormSourceTracks } from '../../../db/schema';
import { appendTransaction, TXN_LOCATIONS } from '../../audit';
import type { LifecycleDeps } from '../../lifecycle';
import { evaluateStoredStorm, loadSeasons, type AgreementStep, type CreatedPayout } from '../evaluation';
import { drainStormNotices } from '../notice-drain';
import { trackPoint } from '../repository';
import { STORM_IMPORT_LOCK } from '../service';

/**
 * Sources that must agree (issue 22 item 3, decision 149). Each feed evaluation keeps its source's
 * verdict per storm, island and season; what is paid is the M-th highest of the sources' figures
 * (PAYOUT_SOURCES_REQUIRED), or what an admin approved when higher. The engine pays it as it pays
 * any verdict: a higher figure tops up, a lower one takes nothing back.
 */

/** The transaction-log action of an admin paying the difference between sources. */
export const SOURCE_DIFFERENCE_PAID = 'SOURCE_DIFFERENCE_PAID';

const percents = (stored: Record<string, number>): OptionPercents => Object.fromEntries(OPTION_IDS.map((option) => [option, stored[option] ?? 0])) as OptionPercents;
const times = (stored: Record<string, string | null>): OptionTimes => Object.fromEntries(OPTION_IDS.map((option) => [option, stored[option] ?? null])) as OptionTimes;

export function sourceVerdict(row: typeof stormSourceEvaluations.$inferSelect): SourceVerdict {
  return { source: row.source, c1: row.c1, c2: row.c2, payouts: percents(row.payouts), qualifyingTimes: times(row.qualifyingTimes) };
}

async function storedVerdicts(tx: Db, stormId: string, country: string, seasonYear: number) {
  return tx
    .select()
    .from(stormSourceEvaluations)
    .where(and(eq(stormSourceEvaluations.stormId, stormId), eq(stormSourceEvaluations.country, country), eq(stormSourceEvaluations.seasonYear, seasonYear)))
    .orderBy(asc(stormSourceEvaluations.source));
}

async function storedApproval(tx: Db, stormId: string, country: string, seasonYear: number) {
  const [row] = await tx
    .select()
    .from(stormDifferenceApprovals)
    .where(and(eq(stormDifferenceApprovals.stormId, stormId), eq(stormDifferenceApprovals.country, country), eq(stormDifferenceApprovals.seasonYear, seasonYear)));
  return row ?? null;
}

/** The engine's step for a feed's evaluation: keep `source`'s verdict, answer what the sources agree on. */
export function agreementStep(source: string, required: number, at: Date): AgreementStep {
  return async (tx, country, seasonYear, own) => {
    const values = { c1: own.c1, c2: own.c2, payouts: own.payouts, qualifyingTimes: own.qualifyingTimes, evaluatedAt: at };
    await tx
      .insert(stormSourceEvaluations)
      .values({ stormId: own.stormId, country, seasonYear, source, ...values })
      .onConflictDoUpdate({ target: [stormSourceEvaluations.stormId, stormSourceEvaluations.country, stormSourceEvaluations.seasonYear, stormSourceEvaluations.source], set: values });
    const verdicts = (await storedVerdicts(tx, own.stormId, country, seasonYear)).map(sourceVerdict);
    const approval = await storedApproval(tx, own.stormId, country, seasonYear);
    return { ...own, ...agreedVerdict(verdicts, required, approval ? percents(approval.payouts) : null) };
  };
}

export interface PaidDifference {
  payouts: CreatedPayout[];
  /** The figures now paid per option. */
  approved: OptionPercents;
}

type PayDeps = Pick<LifecycleDeps, 'db' | 'ledger' | 'clock' | 'log'> & Partial<Pick<LifecycleDeps, 'deliveries'>>;

/**
 * An admin pays the difference between the sources of a storm over an island and season, with a
 * reason: the highest figure of any source is approved, and the storm is evaluated again on that
 * source's track under the import lock, so the engine tops the payouts up (log entries, ledger
 * entries and notices as for any payout). The reason goes in the transaction log, and its SHA-256
 * on the ledger beside the figures approved.
 */
export async function payStormSourceDifference(deps: PayDeps, input: PayDifferenceInput, actor: { performedBy: string; required: number }): Promise<PaidDifference> {
  const at = deps.clock();
  const paid = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${STORM_IMPORT_LOCK})`);
    const rows = await storedVerdicts(tx, input.stormId, input.country, input.seasonYear);
    const [storm] = await tx.select().from(storms).where(eq(storms.id, input.stormId));
    if (!storm || rows.length === 0) throw new DomainError('NOT_FOUND', SOURCE_DIFFERENCE_MESSAGES.storm);
    const verdicts = rows.map(sourceVerdict);
    const [current] = await tx
      .select()
      .from(stormEvaluations)
      .where(and(eq(stormEvaluations.stormId, input.stormId), eq(stormEvaluations.country, input.country), eq(stormEvaluations.seasonYear, input.seasonYear)));
    const difference = sourceDifference(verdicts, current ? percents(current.payouts) : percents({}));
    if (Object.keys(difference).length === 0) throw new DomainError('NO_DIFFERENCE', SOURCE_DIFFERENCE_MESSAGES.noDifference);

    const approved = highestFigures(verdicts);
    const approval = { payouts: approved, reason: input.reason, approvedBy: actor.performedBy, approvedAt: at };
    await tx
      .insert(stormDifferenceApprovals)
      .values({ stormId: input.stormId, country: input.country, seasonYear: input.seasonYear, ...approval })
      .onConflictDoUpdate({ target: [stormDifferenceApprovals.stormId, stormDifferenceApprovals.country, stormDifferenceApprovals.seasonYear], set: approval });

    // The source giving the most: its track is evaluated again (its verdict is unchanged) and the approval now counts.
    const highest = [...verdicts].sort((a, b) => OPTION_IDS.reduce((sum, option) => sum + b.payouts[option] - a.payouts[option], 0))[0]!;
    const [head] = await tx.select().from(stormSourceTracks).where(and(eq(stormSourceTracks.source, highest.source), eq(stormSourceTracks.stormId, input.stormId)));
    const points = await tx
      .select()
      .from(stormSourcePoints)
      .where(and(eq(stormSourcePoints.source, highest.source), eq(stormSourcePoints.stormId, input.stormId)))
      .orderBy(asc(stormSourcePoints.time));
    const track: Storm = { id: input.stormId, name: head?.name ?? storm.name, year: storm.year, points: points.map(trackPoint) };
    const seasons = (await loadSeasons(tx)).filter((season) => season.year === input.seasonYear);
    const evaluated = await evaluateStoredStorm(tx, deps.ledger, track, storm.version, [input.country], at, seasons, agreementStep(highest.source, actor.required, at));

    const reasonSha256 = createHash('sha256').update(input.reason).digest('hex');
    await appendTransaction(tx, {
      ownerId: actor.performedBy,
      performedBy: actor.performedBy,
      type: TXN_TYPES.POLICY_PURCHASE_FLOW,
      action: SOURCE_DIFFERENCE_PAID,
      payload: {
        event: SOURCE_DIFFERENCE_PAID,
        stormRef: input.stormId,
        country: input.country,
        season: input.seasonYear,
        reason: input.reason,
        approved,
        sources: Object.fromEntries(verdicts.map((verdict) => [verdict.source, verdict.payouts])),
        payoutIds: evaluated.payouts.map((payout) => payout.payoutId),
      },
      location: TXN_LOCATIONS.backOffice,
      at,
    });
    // The admin's decision on the ledger: the figures approved and the reason's hash (its words stay in the log).
    await deps.ledger.append(tx, {
      kind: 'TRIGGER_EVENT',
      txnId: `${input.stormId}-${input.country}-${input.seasonYear}`,
      from: LEDGER_ACCOUNTS.cover,
      to: LEDGER_ACCOUNTS.cover,
      valueCents: null,
      data: {
        storm: input.stormId,
        country: input.country,
        season: input.seasonYear,
        decision: SOURCE_DIFFERENCE_PAID,
        approvedBy: deps.ledger.accountOf(actor.performedBy),
        reasonSha256,
        ...Object.fromEntries(OPTION_IDS.map((option) => [`option${option}`, approved[option]])),
      },
      at,
    });
    return { payouts: evaluated.payouts, approved };
  });
  if (deps.deliveries) {
    try {
      await drainStormNotices({ ...deps, deliveries: deps.deliveries }, deps.clock());
    } catch (error) {
      deps.log.error({ err: error, storm: input.stormId }, 'storm notices not queued after paying a difference; the storm-notices job will queue them');
    }
  }
  return paid;
}
