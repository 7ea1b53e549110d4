import { KYC_REVIEW_MESSAGES, ownRecordRefusal, type KycReviewInput } from '@fhp/domain';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { kycDocuments, users } from '../../db/schema';
import { userInputError } from '../../graphql/errors';
import { appendTransaction, TXN_LOCATIONS, TXN_TYPES } from '../audit';

/** One document as the reviewing administrator sees it. */
export interface KycReviewItem {
  id: string;
  fileId: string;
  type: string;
  name: string;
  status: string;
  comment: string | null;
  fileType: string;
  submittedAt: Date;
  holderId: string;
  holderFirstName: string | null;
  holderLastName: string | null;
  holderEmail: string;
}

/** A page of the queue is enough: the oldest are reviewed first, the list refills. */
export const KYC_REVIEW_QUEUE_LIMIT = 100;

const itemColumns = {
  id: kycDocuments.id,
  fileId: kycDocuments.fileId,
  type: kycDocuments.type,
  name: kycDocuments.name,
  status: kycDocuments.status,
  comment: kycDocuments.comment,
  fileType: kycDocuments.fileType,
  submittedAt: kycDocuments.createdAt,
  holderId: users.id,
  holderFirstName: users.firstName,
  holderLastName: users.lastName,
  holderEmail: users.email,
};

/**
 * Whether a later document of the same kind replaced this one (editKYCDoc keeps the old rows as
 * the holder's history): only the latest proof of each kind is the holder's current one.
 */
// Spelled out by name: the builder leaves columns unqualified in a one-table select, where they
// would bind to the inner row. Use only where the outer table is kyc_documents itself.
const isSuperseded: SQL = sql`exists (select 1 from kyc_documents newer where newer.user_id = kyc_documents.user_id and newer.type = kyc_documents.type and (newer.created_at, newer.id) > (kyc_documents.created_at, kyc_documents.id))`;

/** Documents waiting for a decision (SUBMITTED, not replaced since), oldest first; never a deleted account's. */
export function kycReviewQueue(db: Db): Promise<KycReviewItem[]> {
  return db
    .select(itemColumns)
    .from(kycDocuments)
    .innerJoin(users, eq(users.id, kycDocuments.userId))
    .where(and(eq(kycDocuments.status, 'SUBMITTED'), isNull(users.deletedAt), sql`not ${isSuperseded}`))
    // Within one submission the ID proof first, the spec's field order.
    .orderBy(asc(kycDocuments.createdAt), sql`${kycDocuments.type} = 'ADDRESS_PROOF'`, asc(kycDocuments.id))
    .limit(KYC_REVIEW_QUEUE_LIMIT);
}

/**
 * Accepts or rejects one waiting document. The status and comment land on the document row, which
 * getMyProfile's `kyc` reads (the first entry's status and comment are the profile's); the holder's
 * KYC timeline gets an entry. A document already decided is refused, so two admins cannot both decide.
 */
export async function reviewKycDocument(deps: { db: Db; clock: Clock }, reviewerId: string, input: KycReviewInput): Promise<KycReviewItem> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [doc] = await tx.select().from(kycDocuments).where(eq(kycDocuments.id, input.documentId)).for('update');
    if (!doc) throw userInputError(KYC_REVIEW_MESSAGES.notFound);
    // Duties: an administrator does not review their own documents.
    const own = ownRecordRefusal('kyc', reviewerId, doc.userId);
    if (own) throw userInputError(own, 'FORBIDDEN');
    if (doc.status !== 'SUBMITTED') throw userInputError(KYC_REVIEW_MESSAGES.notWaiting);
    const [replaced] = await tx.select({ yes: isSuperseded }).from(kycDocuments).where(eq(kycDocuments.id, doc.id));
    if (replaced?.yes) throw userInputError(KYC_REVIEW_MESSAGES.superseded);
    const status = input.decision === 'ACCEPT' ? 'ACCEPTED' : 'REJECTED';
    await tx
      .update(kycDocuments)
      .set({ status, comment: input.comment, reviewedBy: reviewerId, reviewedAt: now })
      .where(eq(kycDocuments.id, doc.id));
    await appendTransaction(tx, {
      ownerId: doc.userId,
      performedBy: reviewerId,
      type: TXN_TYPES.KYC_SUBMISSION,
      action: status === 'ACCEPTED' ? 'KYC document accepted' : 'KYC document rejected',
      payload: { type: doc.type, name: doc.name, status, comment: input.comment },
      location: TXN_LOCATIONS.backOffice,
      at: now,
    });
    const [item] = await tx.select(itemColumns).from(kycDocuments).innerJoin(users, eq(users.id, kycDocuments.userId)).where(eq(kycDocuments.id, doc.id));
    if (!item) throw new Error('reviewed document vanished');
    return item;
  });
}
