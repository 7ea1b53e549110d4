import { builder } from '../../graphql/builder';
import { findUserById, listRoles, type UserWithRole } from './repository';
import { forbidden, requireOwnedRecord, unauthenticated } from './guards';
import { fullName } from './service';

interface WhoAmI {
  signedIn: boolean;
  userId: string | null;
  email: string | null;
  role: string | null;
}

const WhoAmIRef = builder.objectRef<WhoAmI>('WhoAmI').implement({
  fields: (t) => ({
    signedIn: t.exposeBoolean('signedIn'),
    userId: t.exposeString('userId', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    role: t.exposeString('role', { nullable: true }),
  }),
});

/** The KYC module (issue 4) resolves the profile's address and documents into these. */
export type Address = Record<'addressLine1' | 'addressLine2' | 'addressLine3' | 'city' | 'country' | 'state' | 'zipcode', string | null>;
export type KycDoc = Record<'doc' | 'name' | 'status' | 'type' | 'comment' | 'fileType', string | null>;

export const AddressRef = builder.objectRef<Address>('Address').implement({
  fields: (t) => ({
    addressLine1: t.exposeString('addressLine1', { nullable: true }),
    addressLine2: t.exposeString('addressLine2', { nullable: true }),
    addressLine3: t.exposeString('addressLine3', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    country: t.exposeString('country', { nullable: true }),
    state: t.exposeString('state', { nullable: true }),
    zipcode: t.exposeString('zipcode', { nullable: true }),
  }),
});

export const KycDocRef = builder.objectRef<KycDoc>('KycDoc').implement({
  fields: (t) => ({
    doc: t.exposeString('doc', { nullable: true }),
    name: t.exposeString('name', { nullable: true }),
    status: t.exposeString('status', { nullable: true }),
    type: t.exposeString('type', { nullable: true }),
    comment: t.exposeString('comment', { nullable: true }),
    fileType: t.exposeString('fileType', { nullable: true }),
  }),
});

const RoleRef = builder.objectRef<{ id: string; name: string }>('Role').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    uuid: t.exposeString('id', { description: 'What the sign-in request sends as `role` (spec part 1 section 6).' }),
  }),
});

const nothing = () => null;

/** KYC fields (gender, occupation, address, kycSubmitted, kyc) are added by modules/kyc/graphql.ts. */
export const ProfileRef = builder.objectRef<UserWithRole>('Profile').implement({
  fields: (t) => ({
    vuid: t.exposeString('vuid'),
    email: t.exposeString('email'),
    emailVerified: t.exposeBoolean('emailVerified'),
    phoneVerified: t.exposeBoolean('phoneVerified'),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    fullName: t.string({ nullable: true, resolve: (u) => fullName(u) }),
    image: t.exposeString('image', { nullable: true }),
    bio: t.string({ nullable: true, resolve: nothing }),
    bannerImg: t.string({ nullable: true, resolve: nothing }),
    primaryContactNo: t.exposeString('phone', { nullable: true }),
    role: t.exposeString('roleName', { nullable: true }),
  }),
});

// The spec sends `{}`; GraphQL input objects need a field, so the one there is optional.
const GetMyProfileInputRef = builder.inputType('GetMyProfileInput', {
  fields: (t) => ({
    vuid: t.string({ required: false, description: 'Optional; when given it must be the caller’s own account id.' }),
  }),
});

builder.queryFields((t) => ({
  whoAmI: t.field({
    type: WhoAmIRef,
    description: 'Anyone: who the bearer token says is asking.',
    resolve: (_root, _args, { user }) => ({
      signedIn: user !== null,
      userId: user?.id ?? null,
      email: user?.email ?? null,
      role: user?.role ?? null,
    }),
  }),
  roles: t.field({
    type: [RoleRef],
    description: 'Anyone: the roles and their uuids; the sign-in request sends the purchaser role’s uuid as `role`.',
    resolve: (_root, _args, { db }) => listRoles(db),
  }),
  getMyProfile: t.field({
    type: ProfileRef,
    description: 'Signed in: the caller’s own profile, never anyone else’s.',
    args: { input: t.arg({ type: GetMyProfileInputRef, required: false }) },
    resolve: async (_root, { input }, ctx) => {
      const user = requireOwnedRecord(ctx, 'read', 'Profile', ctx.user?.id ?? '');
      const row = await findUserById(ctx.db, user.id);
      // A valid token for an account deleted since: the session is over.
      if (row === undefined) throw unauthenticated();
      if (input?.vuid != null && input.vuid !== row.vuid) throw forbidden();
      return row;
    },
  }),
}));
