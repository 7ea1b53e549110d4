import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/builder';
import { fileUrl } from '../files';
import { type Address, AddressRef, forbidden, type KycDoc, KycDocRef, ProfileRef, requireOwnedRecord, requireUser } from '../identity';
import { kycReviewInputSchema } from '@fhp/domain';
import { parseInput } from '../../graphql/errors';
import { KYC_REVIEW_QUEUE_LIMIT, kycReviewQueue, reviewKycDocument, type KycReviewItem } from './review';
import { findCustomerProfile, findKycDocuments, type CustomerProfileRow, type KycDocumentRow } from './repository';
import { submitKycDetails } from './service';

interface KycProfile {
  profile: CustomerProfileRow | undefined;
  documents: KycDocumentRow[];
}

/** One read per request however many KYC fields the query asks for. */
const loaded = new WeakMap<object, Promise<KycProfile>>();

function kycProfile(ctx: GraphQLContext, userId: string): Promise<KycProfile> {
  let pending = loaded.get(ctx.request);
  if (!pending) {
    pending = Promise.all([findCustomerProfile(ctx.db, userId), findKycDocuments(ctx.db, userId)]).then(([profile, documents]) => ({
      profile,
      documents,
    }));
    loaded.set(ctx.request, pending);
  }
  return pending;
}

function toAddress(profile: CustomerProfileRow | undefined): Address | null {
  if (!profile || profile.addressLine1 === null) return null;
  return {
    addressLine1: profile.addressLine1,
    addressLine2: null,
    addressLine3: null,
    city: profile.city,
    country: profile.country,
    state: null,
    zipcode: null,
  };
}

function toKycDoc(doc: KycDocumentRow): KycDoc {
  return { doc: fileUrl(doc.fileId), name: doc.name, status: doc.status, type: doc.type, comment: doc.comment, fileType: doc.fileType };
}

// getMyProfile already checked that the profile is the caller's own; these read the same user.
builder.objectFields(ProfileRef, (t) => ({
  gender: t.string({ nullable: true, resolve: async (user, _args, ctx) => (await kycProfile(ctx, user.id)).profile?.gender ?? null }),
  occupation: t.string({ nullable: true, resolve: async (user, _args, ctx) => (await kycProfile(ctx, user.id)).profile?.occupation ?? null }),
  kycSubmitted: t.boolean({ resolve: async (user, _args, ctx) => (await kycProfile(ctx, user.id)).profile?.kycSubmitted ?? false }),
  address: t.field({ type: AddressRef, nullable: true, resolve: async (user, _args, ctx) => toAddress((await kycProfile(ctx, user.id)).profile) }),
  kyc: t.field({ type: [KycDocRef], resolve: async (user, _args, ctx) => (await kycProfile(ctx, user.id)).documents.map(toKycDoc) }),
}));

export const MessageResultRef = builder.objectRef<{ message: string }>('MessageResult').implement({
  fields: (t) => ({ message: t.exposeString('message') }),
});

// Plain strings on purpose: the domain schema gives the spec's messages, GraphQL coercion would not.
const KycDocumentInputRef = builder.inputType('KycDocumentInput', {
  fields: (t) => ({
    fileId: t.string({ description: 'The id POST /api/v1/files answered.' }),
    type: t.string({ description: 'ID_PROOF or ADDRESS_PROOF' }),
    name: t.string({ description: 'The proof type: passport, socialSecurityCard, nationalInsurance, driverLicense; utilityBill, bankstatement, other' }),
  }),
});

const KycAddressInputRef = builder.inputType('KycAddressInput', {
  fields: (t) => ({ addressLine1: t.string(), city: t.string(), country: t.string() }),
});

const SubmitKycDetailsInputRef = builder.inputType('SubmitKYCDetailsInput', {
  fields: (t) => ({
    gender: t.string(),
    firstName: t.string(),
    lastName: t.string(),
    occupation: t.string(),
    primaryContactNo: t.string(),
    address: t.field({ type: KycAddressInputRef }),
    documents: t.field({ type: [KycDocumentInputRef] }),
    email: t.string({ required: false, description: 'Informational; the account email is the one signed in.' }),
  }),
});

builder.mutationFields((t) => ({
  SubmitKYCDetails: t.field({
    type: MessageResultRef,
    description: 'Signed in: the caller’s own profile, address and proofs.',
    args: { input: t.arg({ type: SubmitKycDetailsInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => {
      const user = requireOwnedRecord(ctx, 'update', 'Profile', ctx.user?.id ?? '');
      return submitKycDetails(ctx, user.id, input);
    },
  }),
}));

/* The administrators' KYC review (issue 11 item 5; decision 051). */

const KycReviewItemRef = builder.objectRef<KycReviewItem>('KycReviewItem').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    type: t.exposeString('type'),
    name: t.exposeString('name', { description: 'The proof type: passport, utilityBill, ...' }),
    status: t.exposeString('status'),
    comment: t.exposeString('comment', { nullable: true }),
    fileType: t.exposeString('fileType'),
    doc: t.string({ description: 'The file’s URL (admins may read it).', resolve: (item) => fileUrl(item.fileId) }),
    submittedAt: t.string({ resolve: (item) => item.submittedAt.toISOString() }),
    holderName: t.string({ resolve: (item) => [item.holderFirstName, item.holderLastName].filter(Boolean).join(' ') || item.holderEmail }),
    holderEmail: t.exposeString('holderEmail'),
    yours: t.boolean({ description: 'True when the person asking holds this record: they cannot act on it as staff (another staff member does).', resolve: (item, _args, ctx) => item.holderId === ctx.user?.id }),
  }),
});

function requireReviewer(ctx: GraphQLContext, action: 'read' | 'update'): string {
  const user = requireUser(ctx);
  if (!ctx.ability.can(action, 'DocumentReview')) throw forbidden();
  return user.id;
}

builder.queryFields((t) => ({
  kycReviewQueue: t.field({
    type: [KycReviewItemRef],
    description: `Admin: KYC documents waiting for review, oldest first (at most ${KYC_REVIEW_QUEUE_LIMIT}).`,
    resolve: (_root, _args, ctx) => {
      requireReviewer(ctx, 'read');
      return kycReviewQueue(ctx.db);
    },
  }),
}));

builder.mutationFields((t) => ({
  reviewKycDocument: t.field({
    type: KycReviewItemRef,
    description: 'Admin: accept or reject (with a comment the holder reads) one waiting document.',
    args: { documentId: t.arg.string({ required: true }), decision: t.arg.string({ required: true }), comment: t.arg.string({ required: false }) },
    resolve: (_root, args, ctx) => {
      const reviewerId = requireReviewer(ctx, 'update');
      return reviewKycDocument({ db: ctx.db, clock: ctx.clock }, reviewerId, parseInput(kycReviewInputSchema, args));
    },
  }),
}));
