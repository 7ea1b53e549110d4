import {
  ACCOUNT_MESSAGES,
  CODE_TTL_SECONDS,
  editKycDocInputSchema,
  replaceableProofTypes,
  updateMyProfileInputSchema,
  verifyMobileNoInputSchema,
} from '@fhp/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { parseInput, userInputError } from '../../graphql/errors';
import { fileUrl } from '../files';
import { type CodeStore, findUserById, graphqlRefusal, IdentityError, PhoneCodeForOtherNumber, unauthenticated, updateUser, type UserWithRole } from '../identity';
import { attachFiles, claimProofFiles, findCustomerProfile, findKycDocuments, insertKycDocuments, lockUser, profileFieldsOf, upsertCustomerProfile } from '../kyc';
import { oneTimeCodeSms, type DeliveryQueue } from '../notifications';
import { appendTransaction, TXN_LOCATIONS, TXN_TYPES } from '../audit';
import { attachFile, findImageFileForUpdate, markPhoneVerified } from './repository';

export interface AccountDeps {
  db: Db;
  clock: Clock;
}

export interface PhoneDeps extends AccountDeps {
  codes: CodeStore;
  /** The code's SMS is queued with the code (decision 085). */
  deliveries: Pick<DeliveryQueue, 'enqueue' | 'insertion' | 'kick'>;
  /** Spends the caller's per-client limit (codes sent, codes checked) before anything else; throws its 429. */
  spend: (kind: 'send' | 'check', account: string) => Promise<void>;
}

async function requireAccount(db: Db, userId: string): Promise<UserWithRole> {
  const user = await findUserById(db, userId);
  // A valid token for an account deleted since: the session is over.
  if (user === undefined) throw unauthenticated();
  return user;
}

/**
 * updateMyProfile (spec part 2 section 5): names, gender, phone, occupation, address and an
 * optional photo, in one transaction. The email is the sign-in identity and stays as it is; a
 * new phone number is unverified again, and a code texted to the old one verifies only that one
 * (codes are bound to their number: CodeStore.verify).
 */
export async function updateMyProfile({ db, clock }: AccountDeps, userId: string, input: unknown): Promise<UserWithRole> {
  const values = parseInput(updateMyProfileInputSchema, input);
  const now = clock();
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const user = await requireAccount(tx, userId);
    if (values.email !== user.email) throw userInputError(ACCOUNT_MESSAGES.emailFixed);

    let image = user.image;
    if (values.imageFileId) {
      const file = await findImageFileForUpdate(tx, values.imageFileId);
      const url = fileUrl(values.imageFileId);
      const usable = file && file.ownerId === userId && file.purpose === 'PROFILE_IMAGE' && (file.attachedAt === null || user.image === url);
      // Someone else's file, a proof and a missing id read alike: ids reveal nothing.
      if (!usable) throw userInputError(ACCOUNT_MESSAGES.imageInvalid);
      await attachFile(tx, values.imageFileId, now);
      image = url;
    }

    const phoneChanged = user.phone !== values.primaryContactNo;
    await updateUser(
      tx,
      userId,
      {
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.primaryContactNo,
        image,
        ...(phoneChanged ? { phoneVerified: false } : {}),
      },
      now,
    );
    await upsertCustomerProfile(tx, {
      userId,
      ...profileFieldsOf(values),
      updatedAt: now,
    });
  });
  return requireAccount(db, userId);
}

/**
 * editKYCDoc: a new ID or address proof (or both) after KYC, with the purchase flow's file rules.
 * The new document is SUBMITTED and becomes the current one of its type; the one it replaces stays
 * in the list as history. A proof an administrator accepted is settled and is not replaced. Logged
 * as a KYC submission (the profile's timeline).
 */
export async function editKycDoc({ db, clock }: AccountDeps, userId: string, input: unknown): Promise<{ message: string }> {
  const values = parseInput(editKycDocInputSchema, input);
  const now = clock();
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const profile = await findCustomerProfile(tx, userId);
    if (!profile?.kycSubmitted) throw userInputError(ACCOUNT_MESSAGES.kycFirst);
    const replaceable = replaceableProofTypes(await findKycDocuments(tx, userId));
    if (values.documents.some((doc) => !replaceable.includes(doc.type))) throw userInputError(ACCOUNT_MESSAGES.proofAccepted);
    const documents = await claimProofFiles(tx, userId, values.documents, now);
    await insertKycDocuments(tx, documents);
    await attachFiles(tx, documents.map((doc) => doc.fileId), now);
    await appendTransaction(tx, {
      ownerId: userId,
      performedBy: userId,
      type: TXN_TYPES.KYC_SUBMISSION,
      action: 'KYC documents updated',
      payload: { documents: documents.map((doc) => ({ type: doc.type, name: doc.name })) },
      location: TXN_LOCATIONS.portal,
      at: now,
    });
  });
  return { message: ACCOUNT_MESSAGES.documentsUpdated };
}

/**
 * The code store's and the limits' refusals (wrong, expired, locked, sent too often) in the
 * customer's words; a limit's as RATE_LIMITED, saying when to try again.
 */
function codeRefusal(error: unknown): never {
  if (!(error instanceof IdentityError)) throw error;
  if (error.statusCode === 401) throw userInputError(ACCOUNT_MESSAGES.otpWrong);
  if (error instanceof PhoneCodeForOtherNumber) throw userInputError(ACCOUNT_MESSAGES.phoneCodeForOtherNumber);
  throw graphqlRefusal(error);
}

/**
 * A code for the phone check, by SMS to the number on file only (never a number from the
 * request). Sends count against the client's and the account's limits, and the email's code limit,
 * like sign-in codes.
 */
export async function sendMobileVerificationCode({ db, codes, deliveries, spend }: PhoneDeps, userId: string): Promise<{ message: string }> {
  const user = await requireAccount(db, userId);
  await spend('send', user.email).catch(codeRefusal);
  const phone = user.phone;
  if (!phone) throw userInputError(ACCOUNT_MESSAGES.phoneMissing);
  if (user.phoneVerified) throw userInputError(ACCOUNT_MESSAGES.phoneAlreadyVerified);
  await codes
    .issue(
      user.email,
      'PHONE_VERIFY',
      (tx, code) => deliveries.insertion(tx, [{ channel: 'sms', to: phone, kind: 'phone verification code', text: oneTimeCodeSms({ code }), expiresInSeconds: CODE_TTL_SECONDS }]),
      { phone },
    )
    .catch(codeRefusal);
  deliveries.kick();
  return { message: ACCOUNT_MESSAGES.phoneCodeSent };
}

/**
 * verifyMobileNo: the texted code marks the phone verified, if it was texted to the number on file
 * (a code is bound to its number). The number is checked again as it is marked: a change that
 * committed in between wins, and the code proves nothing.
 */
export async function verifyMobileNo({ db, clock, codes, spend }: PhoneDeps, userId: string, input: unknown): Promise<{ message: string }> {
  const { otp } = parseInput(verifyMobileNoInputSchema, input);
  const user = await requireAccount(db, userId);
  await spend('check', user.email).catch(codeRefusal);
  if (user.phoneVerified) throw userInputError(ACCOUNT_MESSAGES.phoneAlreadyVerified);
  const phone = user.phone;
  if (!phone) throw userInputError(ACCOUNT_MESSAGES.phoneMissing);
  await codes
    .verify(
      user.email,
      'PHONE_VERIFY',
      otp,
      async (tx) => {
        if (!(await markPhoneVerified(tx, userId, phone, clock()))) throw new PhoneCodeForOtherNumber();
      },
      { phone },
    )
    .catch(codeRefusal);
  return { message: ACCOUNT_MESSAGES.phoneVerified };
}
