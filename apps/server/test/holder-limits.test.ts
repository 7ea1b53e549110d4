import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { holderTotals, policies, users } from '../src/db/schema';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';
import { customerWithKyc, PURCHASE, purchaseInput, type PurchaseAnswer } from './purchase-helpers';

/*
 * Limits per holder (product decisions; issue 23 item 3): at most 5 policies and EC$540,000 of
 * cover per holder, country and season, provisional policies counting and cancelled ones not;
 * settings per country and season that admins edit. Enforced by the purchase's own statement, so
 * a burst of purchases with different idempotency keys stops at the limit.
 */

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

/** Mid-March 2027 in Port of Spain: the 2027 season is on sale and Dominica's 5% offer runs. */
const NOW = new Date('2027-03-15T16:00:00Z');
const env = { SMTP_URL: smtp.url };
const BURST = 30;

const CANCEL = 'mutation Cancel($policyId: String!, $reason: String!) { cancelPolicy(policyId: $policyId, reason: $reason) { status } }';
const APPROVE = 'mutation Approve($policyId: String!) { approveCancellation(policyId: $policyId) { status } }';
const LIMITS = '{ adminHolderLimits { country seasonYear maxPolicies maxCoverage { cents formatted } } }';
const SAVE_LIMITS = `mutation Save($input: HolderLimitsInput!) {
  saveHolderLimits(input: $input) { country seasonYear maxPolicies maxCoverage { cents formatted } }
}`;

type Body = { data?: { PurchasePolicy: PurchaseAnswer } | null; errors?: { message: string; extensions?: { code?: string; display_message?: string } }[] };

const POLICY_LIMIT_REFUSAL = (n: number, held: number) =>
  `One holder may hold at most ${n} policies in Dominica for the 2027 season, and you already hold ${held}. Cancelled policies do not count.`;

describeApp(
  'limits per holder',
  (suite) => {
    // Each database's suite has its own customers: the SMTP capture is shared by both runs.
    const address = (name: string) => `${name}.${suite.kind}@fhp.example`;
    let burstToken = '';
    let adminToken = '';
    let base = '';

    beforeAll(async () => {
      adminToken = await tokenFor(suite.app, 'admin@fhp.example');
      base = await suite.app.listen({ port: 0, host: '127.0.0.1' });
    });

    /** PurchasePolicy over HTTP, a connection of its own per request. */
    async function buy(token: string, input: Record<string, unknown>): Promise<{ status: number; body: Body }> {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, connection: 'close' },
        body: JSON.stringify({ query: PURCHASE, variables: { input: { ...input, idempotencyKey: randomUUID() } } }),
      });
      return { status: response.status, body: (await response.json()) as Body };
    }

    async function holdings(email: string) {
      const [owner] = await suite.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const mine = and(eq(policies.ownerId, owner!.id), eq(policies.country, 'dm'), eq(policies.seasonYear, 2027));
      const [totals] = await suite.app.db.select().from(holderTotals).where(and(eq(holderTotals.ownerId, owner!.id), eq(holderTotals.country, 'dm'), eq(holderTotals.seasonYear, 2027)));
      return { stored: await suite.app.db.select().from(policies).where(mine), totals: totals && { policies: totals.policies, coverageCents: totals.coverageCents } };
    }

    it(`a burst of ${BURST} purchases of one holder with different keys at once stops at 5 policies, each refusal naming the limit`, async () => {
      const email = address('burst');
      burstToken = await customerWithKyc(suite.app, smtp, email);
      const answers = await Promise.all(Array.from({ length: BURST }, () => buy(burstToken, purchaseInput())));

      expect(answers.filter((answer) => answer.status >= 500).map((answer) => answer.body.errors?.[0]?.message)).toEqual([]);
      const bought = answers.filter((answer) => !answer.body.errors).map((answer) => answer.body.data!.PurchasePolicy.policyNumber);
      expect(bought).toHaveLength(5);
      const refusals = answers.flatMap((answer) => answer.body.errors ?? []);
      expect(refusals).toHaveLength(BURST - 5);
      for (const refusal of refusals) {
        expect(refusal.extensions).toMatchObject({ code: 'HOLDER_LIMIT_REACHED', display_message: POLICY_LIMIT_REFUSAL(5, 5) });
      }

      const { stored, totals } = await holdings(email);
      expect(stored.map((row) => row.policyNumber).sort()).toEqual([...bought].sort());
      expect(totals).toEqual({ policies: 5, coverageCents: 5 * 2_500_000 });
      // A refused purchase gave its number back: the five are consecutive.
      const sequences = bought.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
      expect(sequences.at(-1)! - sequences[0]!).toBe(4);
    });

    it('EC$540,000 of cover fills the cover limit; the refusal names it and what is held; a cancelled policy no longer counts', async () => {
      const { app } = suite;
      const email = address('cover');
      const token = await customerWithKyc(app, smtp, email);
      const quote = await gqlAs<{ quote: { options: { id: string; premium: { raw: number }; discount: { premium: { raw: number } } | null }[] } }>(
        app,
        token,
        '{ quote(input: { country: "dm", coverage: 270000 }) { options { id premium { raw } discount { premium { raw } } } } }',
      );
      const option3 = quote.body.data!.quote.options.find((option) => option.id === '3')!;
      const largest = purchaseInput({ coverage: 270000, premium: option3.premium.raw, discountedPremium: option3.discount?.premium.raw ?? null });
      const [first, second] = [await buy(token, largest), await buy(token, largest)];
      expect([first.body.errors, second.body.errors]).toEqual([undefined, undefined]);

      const over = await buy(token, purchaseInput());
      expect(over.status).toBe(200);
      expect(over.body.errors?.[0]?.extensions).toMatchObject({
        code: 'HOLDER_LIMIT_REACHED',
        display_message:
          'One holder may hold at most EC$540,000.00 of cover in Dominica for the 2027 season; you already hold EC$540,000.00, so this EC$25,000.00 policy would go over it. No further policy fits.',
      });
      expect((await holdings(email)).totals).toEqual({ policies: 2, coverageCents: 54_000_000 });

      // Cancelled (requested by the holder, approved by an admin): it frees its cover.
      const [cancelled] = await app.db.select({ id: policies.id }).from(policies).where(eq(policies.policyNumber, first.body.data!.PurchasePolicy.policyNumber));
      expect((await gqlAs(app, token, CANCEL, { policyId: cancelled!.id, reason: 'Bought twice by mistake' })).body.errors).toBeUndefined();
      expect((await gqlAs(app, adminToken, APPROVE, { policyId: cancelled!.id })).body.errors).toBeUndefined();
      expect((await holdings(email)).totals).toEqual({ policies: 1, coverageCents: 27_000_000 });
      const again = await buy(token, purchaseInput());
      expect(again.body.errors).toBeUndefined();
      expect((await holdings(email)).totals).toEqual({ policies: 2, coverageCents: 27_000_000 + 2_500_000 });
    });

    it('an admin sets the limits of Dominica 2027 on the Offers & Seasons data; the next purchase is held to them', async () => {
      const { app } = suite;
      const listed = await gqlAs<{ adminHolderLimits: { country: string; seasonYear: number; maxPolicies: number; maxCoverage: { cents: number } }[] }>(app, adminToken, LIMITS);
      expect(listed.body.data!.adminHolderLimits).toContainEqual({ country: 'dm', seasonYear: 2027, maxPolicies: 5, maxCoverage: { cents: 54_000_000, formatted: 'EC$540,000.00' } });

      const refused = await gqlAs(app, adminToken, SAVE_LIMITS, { input: { country: 'dm', seasonYear: 2027, maxPolicies: 0, maxCoverage: '540,000' } });
      expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', display_message: 'The most policies per holder must be a whole number from 1 to 1,000' });
      const saved = await gqlAs<{ saveHolderLimits: unknown }>(app, adminToken, SAVE_LIMITS, { input: { country: 'dm', seasonYear: 2027, maxPolicies: 6, maxCoverage: '600,000.00' } });
      expect(saved.body.data?.saveHolderLimits).toEqual({ country: 'dm', seasonYear: 2027, maxPolicies: 6, maxCoverage: { cents: 60_000_000, formatted: 'EC$600,000.00' } });

      // The holder of the burst holds 5: a sixth fits now, a seventh does not.
      expect((await buy(burstToken, purchaseInput())).body.errors).toBeUndefined();
      expect((await buy(burstToken, purchaseInput())).body.errors?.[0]?.extensions?.display_message).toBe(POLICY_LIMIT_REFUSAL(6, 6));
    });
  },
  { env, clock: () => NOW, engines: 'both' },
);
