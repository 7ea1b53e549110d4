/**
 * The administrators' users list and actions (issue 11 items 1 and 2), through /graphql on a real
 * database: search, filters, paging, suspend, reactivate, delete (anonymised, policies kept), bulk
 * actions with per-user results, and the refusals.
 */
import { randomUUID } from 'node:crypto';
import { ADMIN_USER_MESSAGES } from '@fhp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { bankAccounts, files, kycDocuments, ledgerEntries, payments, policies, users } from '../src/db/schema';
import { seedDemoKyc } from '../src/seed/demo-kyc';
import { seedDemoPolicies } from '../src/seed/demo-policies';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import { findRoleByName } from '../src/modules/identity/repository';
import { newVuid } from '../src/modules/identity/vuid';
import { describeApp } from './harness';
import { makeProvisional } from './lifecycle-helpers';
import { gqlAs, tokenFor, userId } from './identity-helpers';

type Status = 'USER_ADDED' | 'INVITED' | 'EMAIL_VERIFIED' | 'ACC_CREATED';

/** A purchaser of its own, named after the test (a tag no seeded user has), with a token. */
async function newUser(app: FastifyInstance, tag: string, status: Status = 'ACC_CREATED', suspended = false, createdAt = new Date()) {
  const role = await findRoleByName(app.db, 'purchaser');
  if (!role) throw new Error('no purchaser role');
  const email = `${tag}-${randomUUID().slice(0, 8)}@fhp.example`;
  const [row] = await app.db
    .insert(users)
    .values({ vuid: newVuid(), email, roleId: role.id, status, suspended, firstName: `Zed${tag}`, lastName: 'Tester', createdAt })
    .returning({ id: users.id });
  if (!row) throw new Error('insert failed');
  return { id: row.id, email, token: await app.identity.tokens.sign({ sub: row.id, role: 'purchaser', email }) };
}

const LIST = `query($input: UserListInput) { getListOfUser(input: $input) {
  currentPage pageSize totalCount totalPages data { email firstName group status suspended accountStatus } } }`;

interface ListAnswer {
  getListOfUser: {
    currentPage: number;
    pageSize: number;
    totalCount: number;
    totalPages: number;
    data: { email: string; firstName: string | null; group: string; status: string; suspended: boolean }[];
  };
}

const mutation = (name: string) => `mutation($email: String!) { ${name}(email: $email) { message } }`;

describeApp('admin: users list and actions', (suite) => {
  let admin: string;
  let owner: string;
  beforeAll(async () => {
    admin = await tokenFor(suite.app, 'admin@fhp.example');
    owner = await tokenFor(suite.app, 'owner@fhp.example');
  });

  const list = (input: Record<string, unknown>, token = admin) => gqlAs<ListAnswer>(suite.app, token, LIST, { input });
  const act = (name: string, email: string, token = admin) => gqlAs<Record<string, { message: string }>>(suite.app, token, mutation(name), { email });

  it('searches first name, last name and email, filters by display status and pages by 10, 20 or 30', async () => {
    const tag = `srch${Date.now()}`;
    const start = Date.now() - 100_000;
    for (let i = 0; i < 23; i += 1) await newUser(suite.app, tag, 'ACC_CREATED', false, new Date(start + i * 1000));
    const invited = await newUser(suite.app, tag, 'INVITED', false, new Date(start + 50_000));
    const suspended = await newUser(suite.app, tag, 'ACC_CREATED', true, new Date(start + 60_000));
    await newUser(suite.app, tag, 'USER_ADDED', false, new Date(start + 70_000));

    const first = await list({ search: `zed${tag}`, pageSize: 10 });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data?.getListOfUser).toMatchObject({ currentPage: 1, pageSize: 10, totalCount: 26, totalPages: 3 });
    // Newest first: the USER_ADDED one was created last.
    expect(first.body.data?.getListOfUser.data[0]).toMatchObject({ status: 'created', group: 'purchaser' });
    const third = await list({ search: tag, pageSize: 10, page: 3 });
    expect(third.body.data?.getListOfUser.data).toHaveLength(6);
    expect((await list({ search: tag, pageSize: 20, page: 2 })).body.data?.getListOfUser.data).toHaveLength(6);
    expect((await list({ search: tag, pageSize: 30 })).body.data?.getListOfUser.data).toHaveLength(26);

    const byStatus = async (status: string) => (await list({ search: tag, status, pageSize: 30 })).body.data?.getListOfUser.data.map((u) => u.email);
    expect(await byStatus('invited')).toEqual([invited.email]);
    expect(await byStatus('suspended')).toEqual([suspended.email]);
    expect(await byStatus('active')).toHaveLength(23);
    expect(await byStatus('any')).toHaveLength(26);

    // Last name and email match too; `%` is searched as itself.
    expect((await list({ search: 'Baptiste' })).body.data?.getListOfUser.data.map((u) => u.email)).toContain('admin@fhp.example');
    expect((await list({ search: 'master.admin@' })).body.data?.getListOfUser.totalCount).toBe(1);
    expect((await list({ search: '%' })).body.data?.getListOfUser.totalCount).toBe(0);
  });

  it('refuses a page size other than 10, 20 or 30, a bad page and an unknown status, in words', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pageSize: 15 }, 'Page size must be 10, 20 or 30'],
      [{ page: 0 }, 'Page must be a whole number from 1'],
      [{ status: 'gone' }, 'Choose a status: any, invited, active, suspended'],
      [{ search: 'x'.repeat(101) }, 'Search must be at most 100 characters'],
    ];
    for (const [input, message] of cases) {
      const { body } = await list(input);
      expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  it('suspends (the next request is refused at once), refuses a second suspension and reactivates', async () => {
    const user = await newUser(suite.app, 'susp');
    expect((await gqlAs(suite.app, user.token, '{ whoAmI { signedIn } }')).status).toBe(200);
    const suspended = await act('suspendUser', user.email);
    expect(suspended.body.data?.suspendUser?.message).toBe('suspended successfully');
    const refused = await gqlAs(suite.app, user.token, '{ whoAmI { signedIn } }');
    expect(refused.status).toBe(401);
    expect((await act('suspendUser', user.email)).body.errors?.[0]?.message).toBe(ADMIN_USER_MESSAGES.alreadySuspended);
    expect((await list({ search: user.email })).body.data?.getListOfUser.data[0]?.status).toBe('suspended');

    expect((await act('reactivateUser', user.email)).body.data?.reactivateUser?.message).toBe('activated back successfully');
    expect((await gqlAs(suite.app, user.token, '{ whoAmI { signedIn } }')).status).toBe(200);
    expect((await act('reactivateUser', user.email)).body.errors?.[0]?.message).toBe(ADMIN_USER_MESSAGES.notSuspended);
  });

  it('never suspends or deletes oneself or the owner, and answers an unknown email in words', async () => {
    for (const name of ['suspendUser', 'removeUser']) {
      expect((await act(name, 'admin@fhp.example')).body.errors?.[0]?.message).toBe(ADMIN_USER_MESSAGES.notYourself);
      expect((await act(name, 'owner@fhp.example')).body.errors?.[0]?.message).toBe(ADMIN_USER_MESSAGES.notOwner);
      expect((await act(name, 'owner@fhp.example', owner)).body.errors?.[0]?.message).toBe(ADMIN_USER_MESSAGES.notYourself);
      expect((await act(name, 'nobody-here@fhp.example')).body.errors?.[0]?.message).toBe(ADMIN_USER_MESSAGES.noSuchUser);
      expect((await act(name, 'not an email')).body.errors?.[0]?.message).toBe('Please enter a valid email address');
    }
    const [ownerRow] = await suite.app.db.select().from(users).where(eq(users.email, 'owner@fhp.example'));
    expect(ownerRow).toMatchObject({ suspended: false, deletedAt: null });
  });

  it('deletes a holder of policies by anonymising the account: the policies stay, the token and the email stop working', async () => {
    const holder = 'purchaser.b@fhp.example';
    const id = await userId(suite.app, holder);
    const token = await tokenFor(suite.app, holder);
    // The demo's policies (paid, issued: payments and ledger entries) and KYC proofs, as `npm start` seeds them.
    await seedDemoPolicies(suite.app);
    await seedDemoKyc(suite.app);
    await makeProvisional(suite.app, holder);
    const before = await suite.app.db.select({ id: policies.id }).from(policies).where(eq(policies.ownerId, id));
    expect(before.length).toBeGreaterThan(0);
    // A payout account with a cheque leaf, beside the demo KYC proofs the seed gave this holder.
    const [leaf] = await suite.app.db
      .insert(files)
      .values({ ownerId: id, purpose: 'CHEQUE_LEAF', originalName: 'cheque.png', mimeType: 'image/png', size: 3, sha256: 'x', bytes: Buffer.from('png'), createdAt: new Date() })
      .returning({ id: files.id });
    await suite.app.db.insert(bankAccounts).values({
      ownerId: id, accHolderName: 'Bernard Joseph', bankName: 'Grenada Co-operative Bank', accountNoCipher: 'sealed', accountNoLast4: '4321',
      type: 'SAVINGS', swiftCode: 'GCBKGDGD', chequeLeafFileId: leaf!.id, updatedAt: new Date(),
    });
    const proofs = await suite.app.db.select({ fileId: kycDocuments.fileId }).from(kycDocuments).where(eq(kycDocuments.userId, id));
    expect(proofs.length).toBeGreaterThan(0);
    await suite.app.db.update(kycDocuments).set({ comment: 'Name on the bill is Bernard Joseph' }).where(eq(kycDocuments.userId, id));
    const ownPolicyIds = before.map((p) => p.id);
    const paymentsBefore = await suite.app.db.select({ id: payments.id }).from(payments).where(inArray(payments.policyId, ownPolicyIds));
    const ledgerBefore = await suite.app.db.select({ sequence: ledgerEntries.sequence, hash: ledgerEntries.hash }).from(ledgerEntries);
    expect(paymentsBefore.length).toBeGreaterThan(0);
    expect(ledgerBefore.length).toBeGreaterThan(0);
    const adminToken = admin;
    const proofUrl = `/api/v1/files/${proofs[0]!.fileId}`;
    expect((await suite.app.inject({ method: 'GET', url: proofUrl, headers: { authorization: `Bearer ${adminToken}` } })).statusCode).toBe(200);

    expect((await act('removeUser', holder)).body.data?.removeUser?.message).toBe('deleted successfully');

    // The payout account, the proofs and the reviewers' comments no longer name or show the person.
    const [account] = await suite.app.db.select().from(bankAccounts).where(eq(bankAccounts.ownerId, id));
    expect(account).toMatchObject({ accHolderName: 'erased', accountNoCipher: '', accountNoLast4: '' });
    const personal = await suite.app.db
      .select({ size: files.size, name: files.originalName })
      .from(files)
      .where(and(eq(files.ownerId, id), inArray(files.purpose, ['ID_PROOF', 'ADDRESS_PROOF', 'CHEQUE_LEAF'])));
    expect(personal.length).toBe(proofs.length + 1);
    expect(personal.every((f) => f.size === 0 && f.name === 'erased')).toBe(true);
    expect((await suite.app.db.select({ comment: kycDocuments.comment }).from(kycDocuments).where(eq(kycDocuments.userId, id))).every((d) => d.comment === null)).toBe(true);
    expect((await suite.app.inject({ method: 'GET', url: proofUrl, headers: { authorization: `Bearer ${adminToken}` } })).statusCode).toBe(404);
    // The book keeps its records: payments, every ledger entry unchanged, and the chain verifies.
    expect(await suite.app.db.select({ id: payments.id }).from(payments).where(inArray(payments.policyId, ownPolicyIds))).toEqual(paymentsBefore);
    const ledgerAfter = await suite.app.db.select({ sequence: ledgerEntries.sequence, hash: ledgerEntries.hash }).from(ledgerEntries);
    expect(ledgerAfter.slice(0, ledgerBefore.length)).toEqual(ledgerBefore);
    expect((await verifyStoredLedger(suite.app.db)).ok).toBe(true);

    expect((await gqlAs(suite.app, token, '{ whoAmI { signedIn } }')).status).toBe(401);
    const [row] = await suite.app.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ firstName: null, lastName: null, phone: null, passwordHash: null, suspended: true });
    expect(row?.email).toMatch(/@deleted\.invalid$/);
    expect(row?.deletedAt).not.toBeNull();
    const after = await suite.app.db.select({ id: policies.id }).from(policies).where(eq(policies.ownerId, id));
    expect(after).toEqual(before);
    expect((await list({ search: 'Bernard' })).body.data?.getListOfUser.totalCount).toBe(0);
    expect((await act('removeUser', holder)).body.errors?.[0]?.message).toBe(ADMIN_USER_MESSAGES.noSuchUser);
    // The address is free again: the person can be invited anew.
    const signIn = await suite.app.inject({ method: 'POST', url: '/iam/v1/user/sign-in-type/get', payload: { email: holder } });
    expect(signIn.statusCode).toBeLessThan(500);
  });

  it('runs a bulk action on each selected user and reports each outcome', async () => {
    const a = await newUser(suite.app, 'bulk');
    const b = await newUser(suite.app, 'bulk');
    const { body } = await gqlAs<{ bulkUserAction: { email: string; ok: boolean; message: string }[] }>(
      suite.app,
      admin,
      'mutation($action: String!, $emails: [String!]!) { bulkUserAction(action: $action, emails: $emails) { email ok message } }',
      { action: 'suspend_user', emails: [a.email, 'owner@fhp.example', b.email, 'admin@fhp.example', a.email] },
    );
    expect(body.data?.bulkUserAction).toEqual([
      { email: a.email, ok: true, message: 'suspended successfully' },
      { email: 'owner@fhp.example', ok: false, message: ADMIN_USER_MESSAGES.notOwner },
      { email: b.email, ok: true, message: 'suspended successfully' },
      { email: 'admin@fhp.example', ok: false, message: ADMIN_USER_MESSAGES.notYourself },
    ]);
    for (const user of [a, b]) expect((await gqlAs(suite.app, user.token, '{ whoAmI { signedIn } }')).status).toBe(401);

    const invite = await gqlAs<{ bulkUserAction: { ok: boolean; message: string }[] }>(
      suite.app,
      admin,
      'mutation { bulkUserAction(action: "invite_user", emails: ["teller@fhp.example"]) { ok message } }',
    );
    // An account already set up has nothing to accept.
    expect(invite.body.data?.bulkUserAction).toEqual([{ ok: false, message: 'This user has already set up the account; there is nothing to re-invite.' }]);

    const bad = await gqlAs(suite.app, admin, 'mutation { bulkUserAction(action: "explode", emails: ["a@b.co"]) { ok } }');
    expect(bad.body.errors?.[0]?.message).toBe('Choose an action: reset_password, delete_user, suspend_user, invite_user');
    const none = await gqlAs(suite.app, admin, 'mutation { bulkUserAction(action: "delete_user", emails: []) { ok } }');
    expect(none.body.errors?.[0]?.message).toBe('Select at least one user');
  });

  it('resets a password: the account signs in by code from then on', async () => {
    const user = await newUser(suite.app, 'reset');
    await suite.app.db.update(users).set({ passwordHash: 'x', signInType: 'password' }).where(eq(users.id, user.id));
    const { body } = await gqlAs<{ bulkUserAction: { ok: boolean }[] }>(
      suite.app,
      admin,
      `mutation { bulkUserAction(action: "reset_password", emails: ["${user.email}"]) { ok } }`,
    );
    expect(body.data?.bulkUserAction).toEqual([{ ok: true }]);
    const [row] = await suite.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ passwordHash: null, signInType: 'otp' });
  });

  it('never resets the password of the owner or of the admin who asks', async () => {
    const { body } = await gqlAs<{ bulkUserAction: { email: string; ok: boolean; message: string }[] }>(
      suite.app,
      admin,
      'mutation { bulkUserAction(action: "reset_password", emails: ["owner@fhp.example", "admin@fhp.example"]) { email ok message } }',
    );
    expect(body.data?.bulkUserAction).toEqual([
      { email: 'owner@fhp.example', ok: false, message: ADMIN_USER_MESSAGES.notOwner },
      { email: 'admin@fhp.example', ok: false, message: ADMIN_USER_MESSAGES.notYourself },
    ]);
    const kept = await suite.app.db.select({ hash: users.passwordHash }).from(users).where(inArray(users.email, ['owner@fhp.example', 'admin@fhp.example']));
    expect(kept.every((u) => u.hash !== null)).toBe(true);
  });
});
