/**
 * Links never follow the Host header (issue 19, item 9): the contract's QR code and text, its email
 * and every explorer link in an answer come from PUBLIC_URL, or in development and test from
 * http://localhost:PORT, whatever Host or X-Forwarded-Host a request names, even behind a proxy
 * the server trusts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerEntries, policies } from '../src/db/schema';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp } from './harness';
import { tokenFor } from './identity-helpers';
import { download, makeProvisional, paymentInput, pdfQrCodes, pdfText, RECORD_PAYMENT, settableClock, type RecordPaymentAnswer } from './lifecycle-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

const HOLDER = 'purchaser@fhp.example';
const time = settableClock('2027-03-15T16:00:00Z');
const FORGED = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };
const EXPLORER_LINKS = `query Txn($hash: String!) { getBlockchianTxn(hash: $hash) { txnLink prevTxnLink } }`;

for (const { title, env, origin } of [
  { title: 'PUBLIC_URL set', env: { PUBLIC_URL: 'https://portal.fhp.example' }, origin: 'https://portal.fhp.example' },
  { title: 'PUBLIC_URL unset (test): this server on its port', env: { PORT: '3456' }, origin: 'http://localhost:3456' },
]) {
  describeApp(
    `links come from the configured address, never the request (${title})`,
    (suite) => {
      let teller: string;
      let holder: string;
      beforeAll(async () => {
        teller = await tokenFor(suite.app, 'teller@fhp.example');
        holder = await tokenFor(suite.app, HOLDER);
      });

      it('a contract issued by a payment recorded with a forged Host: its QR code, its text and its email point at the configured address', async () => {
        const { app } = suite;
        const policy = await makeProvisional(app, HOLDER);
        const response = await app.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query: RECORD_PAYMENT, variables: { input: paymentInput(policy.policyNumber, policy.premiumCents / 100) } },
          headers: { ...FORGED, authorization: `Bearer ${teller}` },
        });
        const answer = response.json<{ data: RecordPaymentAnswer | null; errors?: unknown }>();
        expect(answer.errors).toBeUndefined();
        expect(answer.data!.recordPayment.contractIssued).toBe(true);

        const [issued] = await app.db
          .select({ hash: ledgerEntries.hash })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.txnId, policy.policyNumber), eq(ledgerEntries.kind, 'POLICY_ISSUED')));
        const explorer = `${origin}/explorer/${issued!.hash}`;
        const [stored] = await app.db.select({ contractFileId: policies.contractFileId }).from(policies).where(eq(policies.id, policy.id));
        const pdf = await download(app, holder, `/api/v1/files/${stored!.contractFileId}`);
        expect(pdf.statusCode).toBe(200);
        expect(await pdfQrCodes(pdf.rawPayload)).toEqual([explorer]);
        const { text } = await pdfText(pdf.rawPayload);
        expect(text.replace(/\s+/g, '')).toContain(explorer);
        expect(text).not.toContain('attacker');

        let mail = await smtp.waitForMessage(HOLDER);
        while (!mail.subject.includes(policy.policyNumber)) mail = await smtp.waitForMessage(HOLDER);
        expect(mail.text).toContain(explorer);
        expect(mail.text).not.toContain('attacker');
      });

      it('the explorer answers with links to the configured address whatever the Host header says', async () => {
        const { app } = suite;
        // The contract's entry from the test above: it follows at least its payment's.
        const [entry] = await app.db.select({ hash: ledgerEntries.hash, prevHash: ledgerEntries.prevHash }).from(ledgerEntries).where(eq(ledgerEntries.kind, 'POLICY_ISSUED')).limit(1);
        const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query: EXPLORER_LINKS, variables: { hash: entry!.hash } }, headers: FORGED });
        expect(response.json()).toEqual({ data: { getBlockchianTxn: { txnLink: `${origin}/explorer/${entry!.hash}`, prevTxnLink: `${origin}/explorer/${entry!.prevHash}` } } });
      });
    },
    // Behind a proxy it believes: X-Forwarded-Host is the request's host as far as Fastify knows.
    { clock: time.clock, env: { ...env, SMTP_URL: smtp.url, TRUST_PROXY: 'true' } },
  );
}
