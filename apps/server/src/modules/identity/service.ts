import { createHmac } from 'node:crypto';
import {
  CODE_TTL_SECONDS,
  roleTitle,
  type AccessTokenBody,
  type OtpSendAnswer,
  type SentTo,
  type InvitationSendBody,
  type InviteBody,
  type OtpSendBody,
  type SignedIn,
  type SignInAnswer,
  type SignInBody,
  type SignUpBody,
  type VerifyByOtpBody,
} from '@fhp/domain';
import { decodeJwt } from 'jose';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accountExistsEmail, invitationEmail, oneTimeCodeEmail, oneTimeCodeSms, type DeliveryQueue, type StoredMessage } from '../notifications';
import type { CodeStore } from './codes';
import type { PasswordAttemptStore } from './password-attempts';
import type { SignInLinkUses } from './sign-in-links';
import { hashPassword, needsRehash, TokenVerificationError, verifyPassword, type QueryTokenVerifier, type TokenService } from './crypto';
import { badCredentials, IdentityError, MESSAGES } from './errors';
import {
  findRoleByName,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type UserRow,
  type UserWithRole,
} from './repository';
import { newVuid } from './vuid';

export interface IdentityServiceDeps {
  db: Db;
  config: Config;
  clock: Clock;
  tokens: TokenService;
  codes: CodeStore;
  passwordAttempts: PasswordAttemptStore;
  /** Null when no QUERY_TOKEN_SIGNER_PUBLIC_KEY is configured: sign-in links are then refused. */
  queryTokens: QueryTokenVerifier | null;
  /** The ids of sign-in links used, so each signs in once. */
  linkUses: SignInLinkUses;
  /** Every code and invitation is queued with the change it reports and sent after the answer (decisions 080, 085). */
  deliveries: DeliveryQueue;
}

export function fullName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter((part) => part !== null && part.trim() !== '').join(' ');
  return name === '' ? user.email : name;
}

export type IdentityService = ReturnType<typeof createIdentityService>;

export function createIdentityService(deps: IdentityServiceDeps) {
  const { db, config, clock, tokens, codes, passwordAttempts, deliveries } = deps;
  const webUrl = config.publicUrl;

  /**
   * A code queued with its code row and sent after the answer. On the routes anyone can call with
   * any email, waiting for SMTP (or failing with 503) only for known accounts would tell who has
   * one; on the password step, the queue keeps a code whose send failed and retries it, where a
   * 503 would have had the holder type the password again. A failed send is logged with the
   * recipient's domain, never the address or the code.
   */
  async function issueAndQueue(email: string, purpose: 'SIGN_UP' | 'SIGN_IN', messages: (code: string) => StoredMessage[]): Promise<void> {
    await codes.issue(email, purpose, (tx, code) => deliveries.insertion(tx, messages(code)));
    deliveries.kick();
  }

  /** Email and text of a code; each dropped instead of sent once the code has expired. */
  function codeMessages(kind: string, code: string, to: { email?: string | undefined; phone?: string | null | undefined }): StoredMessage[] {
    const messages: StoredMessage[] = [];
    if (to.email !== undefined) messages.push({ channel: 'email', to: to.email, kind, ...oneTimeCodeEmail({ code }), expiresInSeconds: CODE_TTL_SECONDS });
    if (to.phone) messages.push({ channel: 'sms', to: to.phone, kind, text: oneTimeCodeSms({ code }), expiresInSeconds: CODE_TTL_SECONDS });
    return messages;
  }

  /**
   * Whether an answer about an email that gets no code (unknown or suspended) says "and phone": a
   * coin keyed by the server's secret, the same for the same email every time. Real accounts answer
   * by their registered phone, so an answer never tells an account from a stranger's email.
   */
  function pretendsPhone(email: string): boolean {
    return (createHmac('sha256', config.otpPepper).update(`otp-channels:${email}`).digest()[0]! & 1) === 1;
  }

  function sentSentence(sentTo: SentTo): string {
    return sentTo.includes('EMAIL') && sentTo.includes('PHONE') ? MESSAGES.codeSent : sentTo.includes('PHONE') ? MESSAGES.codeSentToPhone : MESSAGES.signUpCodeSent;
  }

  /**
   * Refusals that only someone holding the credentials can reach, so they may be specific. The
   * request's `role` (the purchaser role's uuid from the portal, or null) is not one of them: the
   * portal sends it for every sign-in, staff included, and the session always carries the account's
   * own role (decision 025).
   */
  function assertMaySignIn(user: UserWithRole): void {
    if (user.suspended) throw new IdentityError(403, MESSAGES.suspended);
  }

  async function signedIn(user: UserWithRole): Promise<SignedIn> {
    const accessToken = await tokens.sign({ sub: user.id, role: user.roleName, email: user.email });
    const { exp } = decodeJwt(accessToken);
    return {
      status: 'SIGNED_IN',
      accessToken,
      tokenType: 'Bearer',
      expiresIn: tokens.ttlSeconds,
      exp: exp ?? 0,
      signInType: user.signInType,
      userRoles: [{ name: user.roleName, uuid: user.roleId }],
      user: {
        id: user.id,
        vuid: user.vuid,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        fullName: fullName(user),
        image: user.image,
      },
    };
  }

  /** A right code proves the mailbox: the email counts as verified and an invitee moves on. */
  async function markEmailVerified(tx: Db, user: UserWithRole): Promise<void> {
    if (user.emailVerified && user.status !== 'USER_ADDED' && user.status !== 'INVITED') return;
    const status = user.status === 'USER_ADDED' || user.status === 'INVITED' ? 'EMAIL_VERIFIED' : user.status;
    await updateUser(tx, user.id, { emailVerified: true, status }, clock());
  }

  /**
   * A sign-in link's token names its user (`email`); an email in the body, when the page sends
   * one, must be the same. Each link signs in once: its id is spent last, after every other check,
   * so a link refused for another reason is not used up.
   */
  async function signInWithLink(body: SignInBody & { jwtToken: string }): Promise<SignedIn> {
    const payload = deps.queryTokens ? await deps.queryTokens.verify(body.jwtToken) : null;
    const claimed = typeof payload?.email === 'string' ? payload.email.trim().toLowerCase() : null;
    if (payload === null || claimed === null || (body.email !== undefined && claimed !== body.email)) throw badCredentials();
    const user = await findUserByEmail(db, claimed);
    if (user === undefined) throw badCredentials();
    assertMaySignIn(user);
    if (!(await deps.linkUses.spend(payload.jti, new Date(payload.exp * 1000)))) throw new IdentityError(401, MESSAGES.linkUsed);
    return signedIn(user);
  }

  return {
    /** Sends every queued message that is due (shutdown, tests): each has been tried once. */
    settle(): Promise<void> {
      return deliveries.settle();
    },

    /**
     * Unknown emails answer `otp`, like every self-signed-up customer (the majority), so `otp`
     * does not mean "has an account"; `/otp/send` then answers them exactly as a known one.
     */
    async signInType(email: string): Promise<{ signInType: 'password' | 'otp' }> {
      const user = await findUserByEmail(db, email);
      return { signInType: user?.signInType ?? 'otp' };
    },

    async signIn(body: SignInBody): Promise<SignInAnswer> {
      if (body.jwtToken !== undefined) return signInWithLink({ ...body, jwtToken: body.jwtToken });
      // The schema asks for an email whenever there is no link token.
      if (body.email === undefined) throw badCredentials();
      const user = await findUserByEmail(db, body.email);

      if (body.password !== undefined) {
        // Always one scrypt run: an unknown email or a code-only account checks the dummy hash.
        const hash = user?.signInType === 'password' ? user.passwordHash : null;
        // Counted for every email, known or not, before the check: 429 once five were wrong.
        const refusalIfWrong = await passwordAttempts.begin(body.email);
        const passwordOk = await verifyPassword(body.password, hash);
        if (!passwordOk || user === undefined) throw refusalIfWrong ?? badCredentials();
        await passwordAttempts.succeeded(body.email);
        assertMaySignIn(user);
        if (body.otp === undefined) {
          await issueAndQueue(user.email, 'SIGN_IN', (code) => codeMessages('sign-in code', code, { email: user.email, phone: user.phone }));
          // Only the password's holder reads this, so it may say whether a phone is on file.
          const sentTo: SentTo = user.phone ? ['EMAIL', 'PHONE'] : ['EMAIL'];
          return { status: 'OTP_SENT', message: sentSentence(sentTo), sentTo };
        }
        const plain = body.password;
        return codes.verify(user.email, 'SIGN_IN', body.otp, async (tx) => {
          await markEmailVerified(tx, user);
          // Parameters raised since this hash was made: store a fresh one while we hold the password.
          if (hash !== null && needsRehash(hash)) await updateUser(tx, user.id, { passwordHash: await hashPassword(plain) }, clock());
          return signedIn(user);
        });
      }

      // A code alone signs in only a code-only account; for anyone else it needs the password too.
      if (user === undefined || user.signInType !== 'otp' || body.otp === undefined) throw badCredentials();
      assertMaySignIn(user);
      return codes.verify(user.email, 'SIGN_IN', body.otp, async (tx) => {
        await markEmailVerified(tx, user);
        return signedIn(user);
      });
    },

    async signUp({ email }: SignUpBody): Promise<{ message: string }> {
      const user = await findUserByEmail(db, email);
      // Issued for every email so the rate limit and the answer are the same for all of them; what
      // goes out is sent after the answer, which is the same whether or not (and however) it does.
      await issueAndQueue(email, 'SIGN_UP', (code) => {
        if (user === undefined || (user.signInType === 'otp' && !user.suspended)) return codeMessages('sign-up code', code, { email });
        // A code here would let a password account in without its password; say "sign in" instead.
        if (user.signInType === 'password' && !user.suspended) {
          return [{ channel: 'email', to: email, kind: 'account exists notice', ...accountExistsEmail({ signInUrl: `${webUrl}/sign-in` }) }];
        }
        return [];
      });
      return { message: MESSAGES.signUpCodeSent };
    },

    async verifyByOtp({ email, otp }: VerifyByOtpBody): Promise<SignedIn> {
      const purchaser = await findRoleByName(db, 'purchaser');
      if (purchaser === undefined) throw new Error('The purchaser role is missing');
      return codes.verify(email, 'SIGN_UP', otp, async (tx) => {
        const existing = await findUserByEmail(tx, email);
        if (existing !== undefined) {
          if (existing.signInType === 'password') throw badCredentials();
          assertMaySignIn(existing);
          await markEmailVerified(tx, existing);
          return signedIn(existing);
        }
        const now = clock();
        await insertUser(tx, {
          vuid: newVuid(),
          email,
          signInType: 'otp',
          roleId: purchaser.id,
          emailVerified: true,
          status: 'EMAIL_VERIFIED',
          createdAt: now,
          updatedAt: now,
        });
        const created = await findUserByEmail(tx, email);
        if (created === undefined) throw new Error('The new account could not be read back');
        return signedIn(created);
      });
    },

    /**
     * A code to the account's registered channels: `sendOn` picks one (the phone only when a
     * verified one is registered, else the email); without it (sign-in) email and verified phone.
     * The phone is always the registered and verified one: a number typed into the request, or into
     * a profile and never proven, is never texted, or anyone could make us send SMS to any number.
     * The answer says where the code went.
     */
    async otpSend(body: OtpSendBody): Promise<OtpSendAnswer> {
      const user = await findUserByEmail(db, body.email);
      const delivers = user !== undefined && !user.suspended;
      // Only a number its holder has proven: anyone can type somebody else's into their profile.
      const hasPhone = delivers ? Boolean(user.phone) && user.phoneVerified : pretendsPhone(body.email);
      const sendOn = 'sendOn' in body ? body.sendOn : undefined;
      const sentTo: SentTo =
        sendOn === 'EMAIL' ? ['EMAIL'] : sendOn === 'PHONE' ? (hasPhone ? ['PHONE'] : ['EMAIL']) : hasPhone ? ['EMAIL', 'PHONE'] : ['EMAIL'];
      // After the answer: an unknown email gets no delivery, so a known one must not wait for one.
      await issueAndQueue(body.email, 'SIGN_IN', (code) =>
        delivers
          ? codeMessages('sign-in code', code, { email: sentTo.includes('EMAIL') ? user.email : undefined, phone: sentTo.includes('PHONE') ? user.phone : undefined })
          : [],
      );
      return { message: sentSentence(sentTo), sentTo };
    },

    async accessToken(body: AccessTokenBody): Promise<SignedIn> {
      let userId: string;
      try {
        userId = (await tokens.verify(body.jwtToken)).sub;
      } catch (error) {
        if (!(error instanceof TokenVerificationError)) throw error;
        throw new IdentityError(401, error.reason === 'expired' ? MESSAGES.sessionExpired : MESSAGES.sessionInvalid);
      }
      const user = await findUserById(db, userId);
      if (user === undefined) throw new IdentityError(401, MESSAGES.sessionInvalid);
      assertMaySignIn(user);
      return signedIn(user);
    },

    async invite(body: InviteBody): Promise<{ message: string }> {
      const role = await findRoleByName(db, body.role.name);
      if (role === undefined) throw new Error(`Role ${body.role.name} is missing`);
      const now = clock();
      const invite = body.invite !== false;
      // The account and its invitation commit together: an invitee is INVITED once its email is
      // queued, and the queue retries a failed send (an admin can re-send it meanwhile).
      await db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          vuid: newVuid(),
          email: body.email,
          signInType: 'otp',
          roleId: role.id,
          firstName: body.firstName,
          lastName: body.lastName,
          status: invite ? 'INVITED' : 'USER_ADDED',
          createdAt: now,
          updatedAt: now,
        });
        if (created === undefined) throw new IdentityError(409, MESSAGES.userExists);
        if (invite) await deliveries.enqueue(tx, [invitation(created, role.name)]);
      });
      deliveries.kick();
      return { message: MESSAGES.invited };
    },

    async invitationSend(body: InvitationSendBody): Promise<{ message: string }> {
      const user = await findUserByEmail(db, body.email);
      if (user === undefined) throw new IdentityError(404, MESSAGES.noSuchUser);
      if (user.status === 'ACC_CREATED' || user.suspended) throw new IdentityError(409, MESSAGES.alreadyActive);
      await db.transaction(async (tx) => {
        await deliveries.enqueue(tx, [invitation(user, user.roleName)]);
        if (user.status === 'USER_ADDED') await updateUser(tx, user.id, { status: 'INVITED' }, clock());
      });
      deliveries.kick();
      return { message: MESSAGES.reinvited };
    },
  };

  function invitation(user: Pick<UserRow, 'email' | 'firstName'>, role: string): StoredMessage {
    const acceptUrl = `${webUrl}/sign-in?email=${encodeURIComponent(user.email)}`;
    return { channel: 'email', to: user.email, kind: 'invitation', ...invitationEmail({ firstName: user.firstName ?? undefined, roleTitle: roleTitle(role), acceptUrl }) };
  }
}
