import { bankTransferReference, PAYMENT_MESSAGES } from '@fhp/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerEntries, payments, policies, transactionLog } from '../src/db/schema';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';
import { download, makeProvisional, paymentInput, pdfQrCodes, pdfText, recordPaymentAs, settableClock } from './lifecycle-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

const PUBLIC_URL = 'https://portal.fhp.example';
const time = settableClock('2027-03-15T16:00:00Z');
const HOLDER = 'purchaser@fhp.example';

async function counts(db: Parameters<typeof verifyStoredLedger>[0]) {
  const [paymentCount, ledgerCount, logCount] = await Promise.all([db.$count(payments), db.$count(ledgerEntries), db.$count(transactionLog)]);
  return { payments: paymentCount, ledger: ledgerCount, log: logCount };
}

describeApp(
  'payments: a teller records instalments, the last one issues the contract',
  (suite) => {
    const tokens = {} as Record<'holder' | 'other' | 'teller' | 'admin', string>;
    beforeAll(async () => {
      tokens.holder = await tokenFor(suite.app, HOLDER);
      tokens.other = await tokenFor(suite.app, 'purchaser.b@fhp.example');
      tokens.teller = await tokenFor(suite.app, 'teller@fhp.example');
      tokens.admin = await tokenFor(suite.app, 'admin@fhp.example');
    });

    it('takes a partial payment (PARTIALLY_PAID), then the rest: ACTUAL, ISSUED, a contract PDF with its ledger hash and QR, emailed', async () => {
      const { app } = suite;
      const policy = await makeProvisional(app, HOLDER); // gd, EC$25,000, option 3: EC$1,960.00 in 2 instalments
      expect(policy.premiumCents).toBe(196_000);

      const first = await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, '980.00'));
      expect(first.body.errors).toBeUndefined();
      expect(first.body.data!.recordPayment).toMatchObject({
        receiptNumber: expect.stringMatching(/^R-\d{6}$/),
        contractIssued: false,
        policy: { type: 'PROVISIONAL', status: 'PAYMENT_PENDING', paymentState: 'PARTIALLY_PAID', paid: { cents: 98_000 }, outstanding: { cents: 98_000 }, contractUrl: null },
      });

      const second = await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, 980));
      expect(second.body.errors).toBeUndefined();
      const answer = second.body.data!.recordPayment;
      expect(answer).toMatchObject({ contractIssued: true, policy: { type: 'ACTUAL', status: 'ISSUED', paymentState: 'FULLY_PAID', outstanding: { cents: 0 } } });
      // A teller never gets the holder's documents, the contract included.
      expect(answer.policy.contractUrl).toBeNull();

      const [issued] = await app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.txnId, policy.policyNumber), eq(ledgerEntries.kind, 'POLICY_ISSUED')));
      expect(issued).toBeDefined();
      const paymentEntries = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'PAYMENT_RECORDED'));
      expect(paymentEntries.filter((entry) => entry.payload.includes(policy.policyNumber))).toHaveLength(2);
      expect(paymentEntries.every((entry) => !entry.payload.includes('Alicia') && !entry.payload.includes('@'))).toBe(true);
      expect(await verifyStoredLedger(app.db)).toMatchObject({ ok: true });

      const holderView = await gqlAs<{ policyPayments: { contractUrl: string | null } }>(app, tokens.holder, `{ policyPayments(policyNumber: "${policy.policyNumber}") { contractUrl } }`);
      const contractUrl = holderView.body.data!.policyPayments.contractUrl!;
      expect(contractUrl).toBe(`/api/v1/policies/${policy.policyNumber}/contract`);
      const pdf = await download(app, tokens.holder, contractUrl);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const { text, pages } = await pdfText(pdf.rawPayload);
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(text).toContain(policy.policyNumber);
      expect(text).toContain(issued!.hash);
      expect(text).toContain('Alicia Charles');
      expect(text).toContain('Category 3');
      expect(text).toContain('EC$12,500.00'); // 50% of EC$25,000 for Category 3 under option 3
      expect(text).toMatch(/Page 1 of \d/);
      const explorer = `${PUBLIC_URL}/explorer/${issued!.hash}`;
      expect(text.replace(/\s+/g, '')).toContain(explorer);
      expect(await pdfQrCodes(pdf.rawPayload)).toEqual([explorer]);

      // The same file through the files route, for the holder and an admin; nobody else.
      const [stored] = await app.db.select().from(policies).where(eq(policies.id, policy.id));
      expect((await download(app, tokens.holder, `/api/v1/files/${stored!.contractFileId}`)).statusCode).toBe(200);
      expect((await download(app, tokens.admin, contractUrl)).statusCode).toBe(200);
      for (const token of [tokens.teller, tokens.other]) {
        expect((await download(app, token, contractUrl)).statusCode).toBe(404);
        expect((await download(app, token, `/api/v1/files/${stored!.contractFileId}`)).statusCode).toBe(404);
      }

      let mail = await smtp.waitForMessage(HOLDER);
      while (!mail.subject.includes(policy.policyNumber)) mail = await smtp.waitForMessage(HOLDER);
      expect(mail.subject).toBe(`Your policy ${policy.policyNumber} is issued`);
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]).toMatchObject({ filename: `${policy.policyNumber}.pdf`, contentType: 'application/pdf' });
      expect(Buffer.compare(mail.attachments[0]!.content, pdf.rawPayload)).toBe(0);

      // The receipt: the teller and the holder; not another holder.
      const receipt = await download(app, tokens.teller, answer.receiptUrl);
      expect(receipt.statusCode).toBe(200);
      const receiptText = (await pdfText(receipt.rawPayload)).text;
      for (const part of [answer.receiptNumber, policy.policyNumber, 'Alicia Charles', 'EC$980.00', 'At a partner credit union', 'Terrence Alexander', 'Outstanding after this payment']) {
        expect(receiptText).toContain(part);
      }
      expect((await download(app, tokens.holder, answer.receiptUrl)).statusCode).toBe(200);
      expect((await download(app, tokens.other, answer.receiptUrl)).statusCode).toBe(404);
      expect((await download(app, undefined, answer.receiptUrl)).statusCode).toBe(401);

      const log = await app.db.select().from(transactionLog).where(eq(transactionLog.txnSetId, policy.policyNumber)).orderBy(asc(transactionLog.createdAt), asc(transactionLog.seq));
      expect(log.map((entry) => entry.action)).toEqual(['Provisional policy created', 'Payment recorded', 'Payment recorded', 'Policy document issued']);
      expect(log[1]).toMatchObject({ location: 'Credit union desk', type: 'POLICY_PURCHASE_FLOW' });
    });

    it('refuses bad payments with clear sentences and stores nothing', async () => {
      const { app } = suite;
      const policy = await makeProvisional(app, HOLDER);
      const used = paymentInput(policy.policyNumber, 10);
      expect((await recordPaymentAs(app, tokens.teller, used)).body.errors).toBeUndefined();
      const before = await counts(app.db);
      const cases: [Record<string, unknown>, string][] = [
        [paymentInput(policy.policyNumber, 0), 'Amount must be more than EC$0.00'],
        [paymentInput(policy.policyNumber, -5), 'Amount must be more than EC$0.00'],
        [paymentInput(policy.policyNumber, '10.005'), 'Amount can have at most 2 decimals'],
        [paymentInput(policy.policyNumber, '1950.01'), 'The payment of EC$1,950.01 is more than the EC$1,950.00 still due'],
        [paymentInput('FHP-GD-2027-999999', 10), PAYMENT_MESSAGES.unknownPolicy],
        [paymentInput('not a number', 10), PAYMENT_MESSAGES.unknownPolicy],
        [{ ...paymentInput(policy.policyNumber, 10), reference: used.reference.toLowerCase() }, PAYMENT_MESSAGES.referenceUsed],
        [paymentInput(policy.policyNumber, 10, { paidOn: '2027-03-16' }), 'The paid-on date cannot be in the future (today is 15/03/2027)'],
        [paymentInput(policy.policyNumber, 10, { paidOn: '2027-02-28' }), 'The paid-on date cannot be before the policy was bought (01/03/2027)'],
        [paymentInput(policy.policyNumber, 10, { channel: 'BANK_TRANSFER' }), 'Bank transfers are recorded by an administrator. A teller records payments made at the credit union.'],
      ];
      for (const [input, message] of cases) {
        const { status, body } = await recordPaymentAs(app, tokens.teller, input);
        expect(status, message).toBe(200);
        expect(body.errors?.[0]?.extensions?.display_message, JSON.stringify(input)).toBe(message);
      }
      const purchaser = await recordPaymentAs(app, tokens.holder, paymentInput(policy.policyNumber, 10));
      expect(purchaser.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(await counts(app.db)).toEqual(before);
    });

    it('lets an admin record a bank transfer by its reference, and the desk find a policy by number, reference or email', async () => {
      const { app } = suite;
      const policy = await makeProvisional(app, 'purchaser.b@fhp.example', { channel: 'BANK_TRANSFER', plan: 'FULL', country: 'dm' });
      const reference = bankTransferReference(policy.policyNumber);
      expect(policy.bankTransferReference).toBe(reference);
      const paid = await recordPaymentAs(app, tokens.admin, paymentInput(reference.toLowerCase(), '100.00', { channel: 'BANK_TRANSFER', reference: 'BT 2027 0001' }));
      expect(paid.body.errors).toBeUndefined();
      expect(paid.body.data!.recordPayment.policy.policyNumber).toBe(policy.policyNumber);

      const DESK = `query Desk($search: String!) { paymentDesk(search: $search) { policyNumber holderName schedule { number state } payments { reference } contractUrl } }`;
      for (const search of [policy.policyNumber, reference, 'PURCHASER.B@fhp.example']) {
        const found = await gqlAs<{ paymentDesk: { policyNumber: string; holderName: string }[] }>(app, tokens.teller, DESK, { search });
        expect(found.body.errors, search).toBeUndefined();
        expect(found.body.data!.paymentDesk.map((view) => view.policyNumber)).toContain(policy.policyNumber);
        expect(found.body.data!.paymentDesk[0]!.holderName).toBe('Bernard Joseph');
      }
      const unclear = await gqlAs(app, tokens.teller, DESK, { search: 'Bernard' });
      expect(unclear.body.errors?.[0]?.extensions?.display_message).toMatch(/^Enter a policy number/);
      const purchaser = await gqlAs(app, tokens.holder, DESK, { search: policy.policyNumber });
      expect(purchaser.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const other = await gqlAs(app, tokens.holder, `{ policyPayments(policyNumber: "${policy.policyNumber}") { policyNumber } }`);
      expect(other.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });
  },
  { clock: time.clock, env: { PUBLIC_URL, SMTP_URL: smtp.url } },
);
