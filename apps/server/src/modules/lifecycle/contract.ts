import { createHash } from 'node:crypto';
import type { CountryCode, OptionId } from '@fhp/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, ledgerEntries, policies, policyBeneficiaries, seasons } from '../../db/schema';
import { findUserById, fullName } from '../identity';
import { appendTransaction, explorerLink, TXN_LOCATIONS, TXN_TYPES } from '../audit';
import { renderContractPdf } from './contract-pdf';
import type { LifecycleDeps } from './deps';
import { contractIssuedEmail } from './emails';
import { lockPolicy } from './transitions';

export interface IssuedContract {
  fileId: string;
  ledgerHash: string;
  explorerUrl: string;
  /** False when another request or the catch-up job had already made it. */
  created: boolean;
}

/** The POLICY_ISSUED entry of a policy (its txnId is the policy number). */
export async function findIssueEntry(db: Db, policyNumber: string) {
  const [entry] = await db
    .select({ hash: ledgerEntries.hash })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.txnId, policyNumber), eq(ledgerEntries.kind, 'POLICY_ISSUED')))
    .limit(1);
  return entry;
}

/**
 * The contract PDF of an issued policy: rendered from the stored policy and its POLICY_ISSUED
 * ledger entry, stored in the blob store with the holder as owner (so `GET /api/v1/files/:id`
 * serves it to the holder and administrators only), and its email to the holder queued in the same
 * transaction, the stored PDF attached when the queue sends it (decision 085). Runs after the
 * payment that issued the policy has committed: the PDF carries that entry's hash. Idempotent: a
 * policy that has its contract keeps it, and no second email is queued. The contracts job calls it
 * for any issued policy still without one (a crash between the two steps).
 */
export async function issueContract(deps: LifecycleDeps, policyId: string, origin: string): Promise<IssuedContract | null> {
  const { db } = deps;
  const [policy] = await db.select().from(policies).where(eq(policies.id, policyId));
  if (!policy || policy.type !== 'ACTUAL' || policy.issuedAt === null) return null;
  const entry = await findIssueEntry(db, policy.policyNumber);
  if (!entry) throw new Error(`Policy ${policy.policyNumber} is ACTUAL without a POLICY_ISSUED ledger entry`);
  const explorerUrl = explorerLink(origin, entry.hash);
  if (policy.contractFileId) return { fileId: policy.contractFileId, ledgerHash: entry.hash, explorerUrl, created: false };

  const [owner, [beneficiary], [season]] = await Promise.all([
    findUserById(db, policy.ownerId),
    db.select().from(policyBeneficiaries).where(eq(policyBeneficiaries.policyId, policy.id)),
    db.select().from(seasons).where(eq(seasons.year, policy.seasonYear)),
  ]);
  if (!owner || !beneficiary || !season) throw new Error(`Policy ${policy.policyNumber} is missing its holder, beneficiary or season`);
  const holderName = fullName(owner);
  const bytes = await renderContractPdf({
    policyNumber: policy.policyNumber,
    holder: { name: holderName, email: owner.email, vuid: owner.vuid },
    beneficiary,
    country: policy.country as CountryCode,
    optionId: policy.optionId as OptionId,
    coverageCents: policy.coverageCents,
    premiumCents: policy.premiumCents,
    discountedPremiumCents: policy.discountedPremiumCents,
    paidCents: policy.paidCents,
    paymentPlan: policy.paymentPlan,
    coverStart: season.coverStart,
    coverEnd: season.coverEnd,
    issuedAt: policy.issuedAt,
    ledgerHash: entry.hash,
    explorerUrl,
  });

  const now = deps.clock();
  const stored = await db.transaction(async (tx) => {
    const locked = await lockPolicy(tx, { id: policy.id });
    if (locked?.contractFileId) return { fileId: locked.contractFileId, created: false };
    const [file] = await tx
      .insert(files)
      .values({
        ownerId: policy.ownerId,
        purpose: 'POLICY_DOCUMENT',
        originalName: `${policy.policyNumber}.pdf`,
        mimeType: 'application/pdf',
        size: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes: Buffer.from(bytes),
        // Attached from the start: the cleanup of abandoned uploads must never take it.
        attachedAt: now,
        createdAt: now,
      })
      .returning({ id: files.id });
    await tx.update(policies).set({ contractFileId: file!.id }).where(and(eq(policies.id, policy.id), isNull(policies.contractFileId)));
    await appendTransaction(tx, {
      ownerId: policy.ownerId,
      performedBy: null,
      type: TXN_TYPES.POLICY_PURCHASE_FLOW,
      action: 'Policy document issued',
      payload: { policyNumber: policy.policyNumber, ledgerHash: entry.hash, size: bytes.byteLength },
      txnSetId: policy.policyNumber,
      location: TXN_LOCATIONS.system,
      at: now,
    });
    const email = contractIssuedEmail({ holderName, policyNumber: policy.policyNumber, coverStart: season.coverStart, coverEnd: season.coverEnd, explorerUrl });
    await deps.deliveries.enqueue(tx, [{ channel: 'email', to: owner.email, kind: 'contract email', ...email, attachFileId: file!.id }]);
    return { fileId: file!.id, created: true };
  });

  if (stored.created) deps.deliveries.kick();
  return { ...stored, ledgerHash: entry.hash, explorerUrl };
}
