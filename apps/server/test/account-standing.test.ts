/**
 * A valid token is not enough: the account behind it must still exist, not be suspended and hold
 * the role the token names. Checked on GraphQL and on REST, with and without `invalidate`.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { roles, users } from '../src/db/schema';
import { ACCOUNT_GATE_DEFAULTS, createAccountGate } from '../src/modules/identity/account-gate';
import { MESSAGES } from '../src/modules/identity/errors';
import { findRoleByName } from '../src/modules/identity/repository';
import { newVuid } from '../src/modules/identity/vuid';
import { postFile, pngBytes } from './files-helpers';
import { describeApp } from './harness';
import { gqlAs } from './identity-helpers';

// The app's injected clock; tests move it forward instead of sleeping.
let now = new Date('2027-03-01T12:00:00Z');
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

/** A fresh purchaser of its own per test, so suspending or deleting it disturbs no other test. */
async function newPurchaser(app: FastifyInstance): Promise<{ id: string; token: string }> {
  const role = await findRoleByName(app.db, 'purchaser');
  if (!role) throw new Error('no purchaser role');
  const email = `standing-${randomUUID()}@fhp.example`;
  const [row] = await app.db
    .insert(users)
    .values({ vuid: newVuid(), email, roleId: role.id, status: 'EMAIL_VERIFIED', emailVerified: true })
    .returning({ id: users.id });
  if (!row) throw new Error('insert failed');
  return { id: row.id, token: await app.identity.tokens.sign({ sub: row.id, role: 'purchaser', email }) };
}

const WHO_AM_I = '{ whoAmI { signedIn } }';

async function graphqlAnswer(app: FastifyInstance, token: string) {
  const { status, body } = await gqlAs(app, token, WHO_AM_I);
  return { status, code: body.errors?.[0]?.extensions?.code, display: body.errors?.[0]?.extensions?.display_message, data: body.data };
}

/** A REST route that needs a signed-in user: the hook answers before the body is read. */
async function restAnswer(app: FastifyInstance, token: string) {
  const { status, body } = await postFile(app, token, [
    { name: 'purpose', value: 'ID_PROOF' },
    { name: 'file', filename: 'id.png', contentType: 'image/png', data: pngBytes() },
  ]);
  return { status, display: body.display_message };
}

async function expectRefused(app: FastifyInstance, token: string, message: string) {
  expect(await graphqlAnswer(app, token)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', display: message, data: null });
  expect(await restAnswer(app, token)).toEqual({ status: 401, display: message });
}

describeApp(
  'account standing on every authenticated request',
  (suite) => {
    it('lets an active account in', async () => {
      const { token } = await newPurchaser(suite.app);
      expect(await graphqlAnswer(suite.app, token)).toMatchObject({ status: 200, data: { whoAmI: { signedIn: true } } });
      expect((await restAnswer(suite.app, token)).status).toBe(201);
    });

    it('refuses a suspended account at once after invalidate', async () => {
      const { app } = suite;
      const user = await newPurchaser(app);
      expect((await graphqlAnswer(app, user.token)).status).toBe(200); // now cached as active
      await app.db.update(users).set({ suspended: true }).where(eq(users.id, user.id));
      app.identity.accounts.invalidate(user.id);
      await expectRefused(app, user.token, MESSAGES.accountInactive);
    });

    it('refuses a deleted account at once after invalidate', async () => {
      const { app } = suite;
      const user = await newPurchaser(app);
      expect((await graphqlAnswer(app, user.token)).status).toBe(200);
      await app.db.delete(users).where(eq(users.id, user.id));
      app.identity.accounts.invalidate(user.id);
      await expectRefused(app, user.token, MESSAGES.accountInactive);
    });

    it('without invalidate, keeps the cached answer within the TTL and refuses once it has passed', async () => {
      const { app } = suite;
      const user = await newPurchaser(app);
      expect((await graphqlAnswer(app, user.token)).status).toBe(200);
      await app.db.update(users).set({ suspended: true }).where(eq(users.id, user.id));
      // The trade-off the cache makes: a process that was not told notices within the TTL.
      advance(ACCOUNT_GATE_DEFAULTS.ttlMs - 1);
      expect((await graphqlAnswer(app, user.token)).status).toBe(200);
      advance(2);
      await expectRefused(app, user.token, MESSAGES.accountInactive);
    });

    it('refuses a token whose role the account no longer holds', async () => {
      const { app } = suite;
      const user = await newPurchaser(app);
      const [teller] = await app.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'teller'));
      await app.db.update(users).set({ roleId: teller!.id }).where(eq(users.id, user.id));
      app.identity.accounts.invalidate(user.id);
      await expectRefused(app, user.token, MESSAGES.sessionInvalid);
    });

    it('keeps its cache bounded: the oldest entry is dropped and read again', async () => {
      const { app } = suite;
      const gate = createAccountGate({ db: app.db, clock, maxEntries: 1 });
      const first = await newPurchaser(app);
      const second = await newPurchaser(app);
      expect(await gate.standing(first.id)).toEqual({ roleName: 'purchaser', suspended: false });
      await app.db.update(users).set({ suspended: true }).where(eq(users.id, first.id));
      await gate.standing(second.id); // evicts `first`, well within the TTL
      expect(await gate.standing(first.id)).toEqual({ roleName: 'purchaser', suspended: true });
    });
  },
  { clock },
);
