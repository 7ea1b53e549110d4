import { ADMIN_USER_MESSAGES, pageInfo, type BulkUserAction, type PageInfo, type UserListInput } from '@fhp/domain';
import type { Db } from '../../db/client';
import type { Clock } from '../../clock';
import { userInputError } from '../../graphql/errors';
import { type AccountGate, findUserByEmail, graphqlRefusal, IdentityError, type IdentityService, updateUser, type UserWithRole } from '../identity';
import { anonymiseUser, listUsers, type AdminUserRow } from './repository';

export interface AdminUsersDeps {
  db: Db;
  clock: Clock;
  /** Told about every suspension and deletion, so the user's next request is refused at once. */
  accounts: AccountGate;
  /** Re-invitations go through the identity service's one path (same email, same status rules). */
  identity: Pick<IdentityService, 'invitationSend'>;
  /** Spends the caller's per-client limit of codes sent for an invitation to `email` (as /iam/v1/invitation/send does); throws its 429. */
  spendInvitation?: (email: string) => Promise<void>;
}

/** Who acts: the signed-in administrator. */
export interface Actor {
  id: string;
}

export type UserPage = PageInfo & { data: AdminUserRow[] };

export async function userPage(db: Db, input: UserListInput): Promise<UserPage> {
  const { rows, totalCount } = await listUsers(db, input);
  return { data: rows, ...pageInfo((input.page - 1) * input.pageSize, input.pageSize, totalCount) };
}

/** A refusal the admin reads as it is (the web shows it under "Uh oh."). */
const refuse = (message: string) => userInputError(message);

async function targetOf(db: Db, email: string): Promise<UserWithRole> {
  const user = await findUserByEmail(db, email);
  if (user === undefined || user.deletedAt !== null) throw refuse(ADMIN_USER_MESSAGES.noSuchUser);
  return user;
}

/** Nobody locks themself out, and the owner's account is out of every admin's reach. */
function assertMayDisable(actor: Actor, target: UserWithRole): void {
  if (target.id === actor.id) throw refuse(ADMIN_USER_MESSAGES.notYourself);
  if (target.roleName === 'owner') throw refuse(ADMIN_USER_MESSAGES.notOwner);
}

export function createAdminUsersService({ db, clock, accounts, identity, spendInvitation }: AdminUsersDeps) {
  const service = {
    async suspend(actor: Actor, email: string): Promise<{ message: string }> {
      const target = await targetOf(db, email);
      assertMayDisable(actor, target);
      if (target.suspended) throw refuse(ADMIN_USER_MESSAGES.alreadySuspended);
      await updateUser(db, target.id, { suspended: true }, clock());
      accounts.invalidate(target.id);
      return { message: ADMIN_USER_MESSAGES.suspended };
    },

    async reactivate(_actor: Actor, email: string): Promise<{ message: string }> {
      const target = await targetOf(db, email);
      if (!target.suspended) throw refuse(ADMIN_USER_MESSAGES.notSuspended);
      await updateUser(db, target.id, { suspended: false }, clock());
      accounts.invalidate(target.id);
      return { message: ADMIN_USER_MESSAGES.reactivated };
    },

    async remove(actor: Actor, email: string): Promise<{ message: string }> {
      const target = await targetOf(db, email);
      assertMayDisable(actor, target);
      await db.transaction((tx) => anonymiseUser(tx, target, clock()));
      accounts.invalidate(target.id);
      return { message: ADMIN_USER_MESSAGES.deleted };
    },

    /**
     * The password goes; the user signs in with an emailed code until they choose a new one. The
     * owner and oneself are out of reach as for suspend and delete: a reset downgrades how an
     * account signs in, which is the owner's or the account holder's own choice.
     */
    async resetPassword(actor: Actor, email: string): Promise<{ message: string }> {
      const target = await targetOf(db, email);
      assertMayDisable(actor, target);
      await updateUser(db, target.id, { passwordHash: null, signInType: 'otp' }, clock());
      return { message: ADMIN_USER_MESSAGES.passwordReset };
    },

    async reinvite(_actor: Actor, email: string): Promise<{ message: string }> {
      await targetOf(db, email);
      try {
        await spendInvitation?.(email);
        return await identity.invitationSend({ email, inviteType: 'EMAIL_VERIFICATION' });
      } catch (error) {
        // A limit's refusal says when to try again (RATE_LIMITED); the others as they are.
        if (error instanceof IdentityError) throw graphqlRefusal(error);
        throw error;
      }
    },

    /**
     * One action on each selected user, one after the other; a refusal for one user does not stop
     * the others, and each user's outcome is reported.
     */
    async bulk(actor: Actor, action: BulkUserAction, emails: string[]): Promise<BulkOutcome[]> {
      const run = BULK_RUNNERS[action];
      const outcomes: BulkOutcome[] = [];
      for (const email of emails) {
        try {
          const { message } = await run(actor, email);
          outcomes.push({ email, ok: true, message });
        } catch (error) {
          if (!isRefusal(error)) throw error;
          outcomes.push({ email, ok: false, message: error.message });
        }
      }
      return outcomes;
    },
  };
  const BULK_RUNNERS: Record<BulkUserAction, (actor: Actor, email: string) => Promise<{ message: string }>> = {
    reset_password: service.resetPassword,
    delete_user: service.remove,
    suspend_user: service.suspend,
    invite_user: service.reinvite,
  };
  return service;
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

export interface BulkOutcome {
  email: string;
  ok: boolean;
  message: string;
}

/** Our own refusals (userInputError); anything else is a fault and goes to the error handler. */
function isRefusal(error: unknown): error is Error {
  return error instanceof Error && typeof (error as { extensions?: { code?: unknown } }).extensions?.code === 'string';
}
