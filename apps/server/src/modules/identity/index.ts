import fp from 'fastify-plugin';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureRoles } from './seed';
import { createDeliveryQueue, createMailer, createOutbox, createOutboxSmsProvider, type DeliveryQueue, type Mailer, type Outbox, type SmsProvider } from '../notifications';
import { createAccountGate, type AccountGate } from './account-gate';
import { registerAuthHook } from './auth';
import { createClientLimiter, type ClientLimiter } from './client-limits';
import { createCodeStore } from './codes';
import { createQueryTokenVerifier, usePasswordHashCost, type TokenService } from './crypto';
import { createAppTokenService } from './keys';
import { createPasswordAttemptStore } from './password-attempts';
import { identityRoutes } from './routes';
import { createSignInLinkUses } from './sign-in-links';
import { createIdentityService, type IdentityService } from './service';

export type { RequestUser } from './auth';
export type { AccountGate } from './account-gate';
export { type CodeStore, createCodeStore, PhoneCodeForOtherNumber } from './codes';
export { generateCode } from './crypto/one-time-codes';
export { graphqlRefusal, IdentityError, MESSAGES } from './errors';
export { type Address, AddressRef, type KycDoc, KycDocRef, ProfileRef } from './graphql';
export { forbidden, requireOwnedRecord, requirePolicyOwner, requireUser, unauthenticated } from './guards';
export { findRoleByName, findUserByEmail, findUserById, updateUser, userUpdate, type UserWithRole } from './repository';
export { ensureRoles, seedIdentity } from './seed';
export { usePasswordHashCost } from './crypto';
export { fullName, type IdentityService } from './service';
export { newVuid } from './vuid';
export { allowOnly, refuseBeforeBody } from './route-guards';

export interface Identity {
  tokens: TokenService;
  service: IdentityService;
  mailer: Mailer;
  /** Text messages (reminders, codes); the development outbox until a gateway is configured. */
  sms: SmsProvider;
  /** Email and SMS written with the change they report and sent after the answer (decision 080). */
  deliveries: DeliveryQueue;
  /** Email (without SMTP_URL) and SMS land here; readable over HTTP in development only. */
  outbox: Outbox;
  /** Whether a token's account may still act; `invalidate(userId)` after suspend, delete or role change. */
  accounts: AccountGate;
  /** Per-client limits of sending codes and checking secrets (REST and GraphQL alike). */
  limiter: ClientLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
}

export const DEV_OUTBOX_PATH = '/api/v1/dev/outbox';

/** How long closing waits for queued messages that are due to go out. */
const SETTLE_ON_CLOSE_MS = 5000;

/**
 * Identity: keys, mail and SMS, the bearer-token hook on every request and the `/iam/v1` routes.
 * fastify-plugin, so the hook and `app.identity` reach every route and resolver; register it
 * before the routes it protects.
 */
export const identityPlugin = fp(
  async (app) => {
    const { config, db, clock } = app;
    usePasswordHashCost(config.passwordHashCost);
    await ensureRoles(db);
    const tokens = await createAppTokenService(config, db, clock);
    const outbox = createOutbox({ now: clock });
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log, outbox });
    const sms = createOutboxSmsProvider({ outbox, logger: app.log });
    // Built once, so a bad signer key in the configuration stops the boot.
    const queryTokens = config.queryTokenSignerPublicKeyPem
      ? await createQueryTokenVerifier({
          signerPublicKeyPem: config.queryTokenSignerPublicKeyPem,
          // loadConfig requires both with the key.
          issuer: config.queryTokenIssuer ?? '',
          audience: config.queryTokenAudience ?? '',
          logger: app.log,
          now: clock,
        })
      : null;
    if (config.otpPepperIsDevelopmentDefault) {
      app.log.warn('OTP_PEPPER is not set: one-time codes are hashed with the public development pepper');
    }
    const codes = createCodeStore(db, config.otpPepper, clock, config.codeResendWindow);
    const passwordAttempts = createPasswordAttemptStore(db, clock);
    const deliveries = createDeliveryQueue({
      db,
      mailer,
      sms,
      log: app.log.child({ module: 'deliveries' }),
      onFailure: (kind, gaveUp) => app.metrics.deliveryFailed(kind, gaveUp),
      soleWorker: app.databaseKind === 'pglite',
      leaseSeconds: config.deliveryLeaseSeconds,
    });
    const linkUses = createSignInLinkUses(db, clock);
    const service = createIdentityService({ db, config, clock, tokens, codes, passwordAttempts, queryTokens, linkUses, deliveries });
    app.addHook('onReady', async () => deliveries.start());
    // What is due goes out before the SMTP pool closes, within a bound; anything left stays queued
    // for the next start (or another instance).
    app.addHook('onClose', async () => {
      await Promise.race([deliveries.settle(), new Promise((resolve) => setTimeout(resolve, SETTLE_ON_CLOSE_MS).unref())]);
      await deliveries.stop();
      mailer.close();
    });
    const accounts = createAccountGate({ db, clock });
    const limiter = createClientLimiter(db, clock, config.clientLimits);
    app.decorate('identity', { tokens, service, mailer, sms, deliveries, outbox, accounts, limiter });

    registerAuthHook(app, tokens, accounts);
    await app.register(identityRoutes(service, limiter), { prefix: '/iam/v1' });

    if (config.env === 'development') {
      // Codes and links in clear text: never outside a developer's machine.
      app.get(DEV_OUTBOX_PATH, async () => ({ messages: outbox.list() }));
      app.addHook('onReady', async () => {
        if (config.seedDemo) {
          const accounts = DEMO_ACCOUNTS.map((a) => `${a.email} (${a.role}, ${a.signInType === 'password' ? DEMO_PASSWORD : 'code only'})`);
          app.log.info({ accounts }, `Demo accounts; password ${DEMO_PASSWORD}, then the emailed code`);
        }
        if (mailer.mode === 'outbox') app.log.info(`No SMTP_URL: email and SMS codes are in GET ${DEV_OUTBOX_PATH}`);
      });
    }
  },
  { name: 'identity' },
);
