import { bulkUserActionInputSchema, userDisplayStatus, userEmailInputSchema, userListInputSchema } from '@fhp/domain';
import { builder, type GraphQLContext } from '../../graphql/builder';
import { parseInput } from '../../graphql/errors';
import { forbidden, requireUser } from '../identity';
import { MessageResultRef } from '../kyc';
import type { AdminUserRow } from './repository';
import { createAdminUsersService, userPage, type Actor, type BulkOutcome } from './service';
import { pageRef } from '../../graphql/page';

/** Admins, master admins and the owner (the ability to manage `User`); everyone else FORBIDDEN. */
function requireUserManager(ctx: GraphQLContext): Actor {
  const user = requireUser(ctx);
  if (!ctx.ability.can('manage', 'User')) throw forbidden();
  return { id: user.id };
}

function adminUsers(ctx: GraphQLContext) {
  const app = ctx.request.server;
  return createAdminUsersService({
    db: ctx.db,
    clock: ctx.clock,
    accounts: app.identity.accounts,
    identity: app.identity.service,
    spendInvitation: (email) => app.identity.limiter.spend('send', { address: ctx.request.ip, account: email }),
  });
}

const AdminUserRef = builder.objectRef<AdminUserRow>('AdminUser').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    vuid: t.exposeString('vuid'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    accountStatus: t.exposeString('accountStatus'),
    suspended: t.exposeBoolean('suspended'),
    emailVerified: t.exposeBoolean('emailVerified'),
    group: t.exposeString('group', { description: 'The role name.' }),
    img: t.exposeString('img', { nullable: true }),
    createdAt: t.string({ resolve: (row) => row.createdAt.toISOString() }),
    status: t.string({ description: 'The display status: created, invited, verified, active, suspended or -.', resolve: (row) => userDisplayStatus(row) }),
  }),
});

const UserPageRef = pageRef('UserPage', AdminUserRef);

const BulkOutcomeRef = builder.objectRef<BulkOutcome>('BulkUserOutcome').implement({
  fields: (t) => ({ email: t.exposeString('email'), ok: t.exposeBoolean('ok'), message: t.exposeString('message') }),
});

const UserListInputRef = builder.inputType('UserListInput', {
  fields: (t) => ({
    search: t.string({ required: false, description: 'Part of a first name, last name or email.' }),
    status: t.string({ required: false, description: 'any, invited, active or suspended' }),
    page: t.int({ required: false, description: 'From 1.' }),
    pageSize: t.int({ required: false, description: '10, 20 or 30.' }),
  }),
});

builder.queryFields((t) => ({
  getListOfUser: t.field({
    type: UserPageRef,
    description: 'Admin: one page of the users, newest first, searched and filtered.',
    args: { input: t.arg({ type: UserListInputRef, required: false }) },
    resolve: (_root, { input }, ctx) => {
      requireUserManager(ctx);
      return userPage(ctx.db, parseInput(userListInputSchema, input ?? {}));
    },
  }),
}));

/** The spec's single-user mutations all take an email and answer a message. */
const byEmail = (name: string, description: string, run: (ctx: GraphQLContext, actor: Actor, email: string) => Promise<{ message: string }>) =>
  builder.mutationField(name, (t) =>
    t.field({
      type: MessageResultRef,
      description,
      args: { email: t.arg.string({ required: true }) },
      resolve: (_root, args, ctx) => {
        const actor = requireUserManager(ctx);
        return run(ctx, actor, parseInput(userEmailInputSchema, args).email);
      },
    }),
  );

byEmail('suspendUser', 'Admin; never oneself or the owner. The user’s tokens stop working at once.', (ctx, actor, email) => adminUsers(ctx).suspend(actor, email));
byEmail('reactivateUser', 'Admin: lifts a suspension.', (ctx, actor, email) => adminUsers(ctx).reactivate(actor, email));
byEmail('removeUser', 'Admin; never oneself or the owner. The account is anonymised, its policies kept.', (ctx, actor, email) =>
  adminUsers(ctx).remove(actor, email),
);

builder.mutationFields((t) => ({
  bulkUserAction: t.field({
    type: [BulkOutcomeRef],
    description: 'Admin: reset_password, delete_user, suspend_user or invite_user on each selected user; what happened to each.',
    args: { action: t.arg.string({ required: true }), emails: t.arg.stringList({ required: true }) },
    resolve: (_root, args, ctx) => {
      const actor = requireUserManager(ctx);
      const { action, emails } = parseInput(bulkUserActionInputSchema, args);
      return adminUsers(ctx).bulk(actor, action, emails);
    },
  }),
}));
