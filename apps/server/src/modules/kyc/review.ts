import { KYC_REVIEW_MESSAGES, type KycReviewInput } from '@fhp/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { kycDocuments, users } from '../../db/schema';
import { userInputError } from '../../graphql/errors';
import { appendTransaction, TXN_LOCATIONS, TXN_TYPES } from '../policies/transaction-log';

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

/** Documents waiting for a decision (SUBMITTED), oldest first; never a deleted account's. */
export function kycReviewQueue(db: Db): Promise<KycReviewItem[]> {
  return db
    .select(itemColumns)
    .from(kycDocuments)
    .innerJoin(users, eq(users.id, kycDocuments.userId))
    .where(and(eq(kycDocuments.status, 'SUBMITTED'), isNull(users.deletedAt)))
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
    if (doc.status !== 'SUBMITTED') throw userInputError(KYC_REVIEW_MESSAGES.notWaiting);
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
