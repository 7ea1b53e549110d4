import {
  KYC_SUBMIT_MESSAGES,
  kycDocumentsProblem,
  submitKycDetailsInputSchema,
  type KycDocumentInput,
  type KycDocumentType,
} from '@fhp/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { parseInput, userInputError } from '../../graphql/errors';
import { writeAtOnce } from '../../db/one-statement';
import { userUpdate } from '../identity';
import { transactionInsert, TXN_LOCATIONS, TXN_TYPES } from '../audit';
import { customerProfileUpsert, filesAttach, profileFieldsOf, findFilesForUpdate, findKycDocuments, kycDocumentsInsert, lockUser } from './repository';

export interface KycDeps {
  db: Db;
  clock: Clock;
}

/**
 * SubmitKYCDetails for the signed-in customer: profile, address and proofs, `kycSubmitted` and a
 * transaction-log entry in one transaction. After a first submission only missing proofs are sent;
 * a file already attached to this customer's proof of the same type counts as sent (a retry).
 */
export async function submitKycDetails({ db, clock }: KycDeps, userId: string, input: unknown): Promise<{ message: string }> {
  const values = parseInput(submitKycDetailsInputSchema, input);
  const now = clock();
  // Its statements one after another on a held connection: its writes go as one statement.
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw userInputError(KYC_SUBMIT_MESSAGES.fileIdInvalid);
    const onFile = (await findKycDocuments(tx, userId)).filter((doc) => doc.status === 'SUBMITTED');
    const fresh = values.documents.filter((doc) => !onFile.some((kept) => kept.fileId === doc.fileId && kept.type === doc.type));
    const problem = kycDocumentsProblem(
      fresh.map((doc) => doc.type),
      onFile.map((doc) => doc.type as KycDocumentType),
    );
    if (problem) throw userInputError(problem);

    const documents = await claimProofFiles(tx, userId, fresh, now);

    const phoneChanged = user.phone !== values.primaryContactNo;
    await writeAtOnce(tx, [
      userUpdate(
        tx,
        userId,
        {
          firstName: values.firstName,
          lastName: values.lastName,
          phone: values.primaryContactNo,
          // A new number has not been verified by anyone.
          ...(phoneChanged ? { phoneVerified: false } : {}),
        },
        now,
      ),
      customerProfileUpsert(tx, {
        userId,
        ...profileFieldsOf(values),
        kycSubmitted: true,
        kycSubmittedAt: now,
        updatedAt: now,
      }),
      kycDocumentsInsert(tx, documents),
      filesAttach(
        tx,
        documents.map((doc) => doc.fileId),
        now,
      ),
      transactionInsert(tx, {
        ownerId: userId,
        performedBy: userId,
        type: TXN_TYPES.KYC_SUBMISSION,
        action: 'KYC details submitted',
        payload: { documents: documents.map((doc) => ({ type: doc.type, name: doc.name })) },
        location: TXN_LOCATIONS.portal,
        at: now,
      }),
    ]);
  });
  return { message: KYC_SUBMIT_MESSAGES.submitted };
}

/**
 * The KYC rows for proofs sent by file id, with the purchase flow's file rules: the caller's own
 * upload, not yet used by any record, uploaded as this kind of proof. Call inside the transaction
 * that stores the rows (the files are locked). SubmitKYCDetails and editKYCDoc share it.
 */
export async function claimProofFiles(tx: Db, userId: string, sent: readonly KycDocumentInput[], now: Date) {
  const fileRows = await findFilesForUpdate(tx, sent.map((doc) => doc.fileId));
  return sent.map((doc) => {
    const file = fileRows.find((row) => row.id === doc.fileId);
    // Another customer's file, an attached one and a missing one read alike: ids reveal nothing.
    if (!file || file.ownerId !== userId || file.attachedAt !== null) throw userInputError(KYC_SUBMIT_MESSAGES.fileIdInvalid);
    if (file.purpose !== doc.type) throw userInputError(KYC_SUBMIT_MESSAGES.fileTypeMismatch);
    return { userId, fileId: doc.fileId, type: doc.type, name: doc.name, status: 'SUBMITTED' as const, comment: null, fileType: file.mimeType, createdAt: now };
  });
}
