import { builder, type GraphQLContext } from '../../graphql/builder';
import { createCodeStore, ProfileRef, requireOwnedRecord } from '../identity';
import { MessageResultRef } from '../kyc';
import { editKycDoc, sendMobileVerificationCode, updateMyProfile, verifyMobileNo, type PhoneDeps } from './service';

// Plain strings on purpose: the domain schema gives the spec's messages, GraphQL coercion would not.
const ProfileAddressInputRef = builder.inputType('ProfileAddressInput', {
  fields: (t) => ({ addressLine1: t.string(), city: t.string(), country: t.string() }),
});

const UpdateMyProfileInputRef = builder.inputType('UpdateMyProfileInput', {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    gender: t.string(),
    primaryContactNo: t.string(),
    occupation: t.string(),
    address: t.field({ type: ProfileAddressInputRef }),
    email: t.string({ description: 'Must be the account’s own email: it cannot be changed here.' }),
    imageFileId: t.string({ required: false, description: 'A PROFILE_IMAGE upload of POST /api/v1/files; absent keeps the current photo.' }),
  }),
});

const EditKycDocumentInputRef = builder.inputType('EditKycDocumentInput', {
  fields: (t) => ({
    fileId: t.string({ description: 'The id POST /api/v1/files answered.' }),
    type: t.string({ description: 'ID_PROOF or ADDRESS_PROOF' }),
    name: t.string({ description: 'The proof type (passport, utilityBill, ...)' }),
    status: t.string({ required: false, description: 'SUBMITTED (the only value accepted)' }),
  }),
});

const EditKycDocInputRef = builder.inputType('EditKYCDocInput', {
  fields: (t) => ({ documents: t.field({ type: [EditKycDocumentInputRef] }) }),
});

const VerifyMobileNoInputRef = builder.inputType('VerifyMobileNoInput', {
  fields: (t) => ({ otp: t.string() }),
});

/** The caller, who may update their own profile: UNAUTHENTICATED or FORBIDDEN otherwise. */
const self = (ctx: GraphQLContext) => requireOwnedRecord(ctx, 'update', 'Profile', ctx.user?.id ?? '');

function phoneDeps(ctx: GraphQLContext): PhoneDeps {
  const { identity } = ctx.request.server;
  return {
    db: ctx.db,
    clock: ctx.clock,
    codes: createCodeStore(ctx.db, ctx.config.otpPepper, ctx.clock, ctx.config.codeResendWindow),
    deliveries: identity.deliveries,
    // The client address as the identity routes read it (X-Forwarded-For only behind TRUST_PROXY).
    spend: (kind, account) => identity.limiter.spend(kind, { address: ctx.request.ip, account }),
  };
}

builder.mutationFields((t) => ({
  updateMyProfile: t.field({
    type: ProfileRef,
    description: 'Signed in: the caller’s own profile (names, gender, phone, occupation, address, optional photo).',
    args: { input: t.arg({ type: UpdateMyProfileInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => updateMyProfile(ctx, self(ctx).id, input),
  }),
  editKYCDoc: t.field({
    type: MessageResultRef,
    description: 'Signed in, after KYC: a new ID proof, address proof or both for the caller’s own profile.',
    args: { input: t.arg({ type: EditKycDocInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => editKycDoc(ctx, self(ctx).id, input),
  }),
  sendMobileVerificationCode: t.field({
    type: MessageResultRef,
    description: 'Signed in: texts a one-time code to the caller’s own phone on file.',
    resolve: (_root, _args, ctx) => sendMobileVerificationCode(phoneDeps(ctx), self(ctx).id),
  }),
  verifyMobileNo: t.field({
    type: MessageResultRef,
    description: 'Signed in: the texted code verifies the caller’s own phone.',
    args: { input: t.arg({ type: VerifyMobileNoInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => verifyMobileNo(phoneDeps(ctx), self(ctx).id, input),
  }),
}));
