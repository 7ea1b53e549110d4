import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { customerProfiles, files, kycDocuments, policies, policyBeneficiaries, policyInstalments, policySaleRates, transactionLog } from '../src/db/schema';
import { extractCode, type SmtpCapture } from '../src/modules/notifications/smtp-capture';
import type { PolicyPurchaseResult } from '../src/modules/purchase/service';
import { pdfBytes, pngBytes, uploadProof } from './files-helpers';
import { gqlAs, iam } from './identity-helpers';
import { kycInput, PURCHASE, purchaseInput, SUBMIT_KYC } from './purchase-inputs';

export { kycInput, PURCHASE, purchaseInput, SUBMIT_KYC };

/** A brand-new customer, signed up by the emailed code exactly as the purchase flow does it. */
export async function newCustomer(app: FastifyInstance, smtp: SmtpCapture, email: string): Promise<string> {
  expect((await iam(app, '/user/sign-up', { email })).status).toBe(200);
  // Skip anything else that went to this address earlier (a policy email from another suite).
  let message = await smtp.waitForMessage(email);
  while (!/code/i.test(message.subject)) message = await smtp.waitForMessage(email);
  const otp = extractCode(message);
  const verified = await iam(app, '/email/verify-by-otp', { email, otp });
  expect(verified.status).toBe(200);
  return (verified.body as { accessToken: string }).accessToken;
}

/** Uploads a PNG ID proof and a PDF address proof; answers the two documents for SubmitKYCDetails. */
export async function uploadBothProofs(app: FastifyInstance, token: string) {
  const id = await uploadProof(app, token, 'ID_PROOF', { filename: 'passport.png', contentType: 'image/png', data: pngBytes() });
  const address = await uploadProof(app, token, 'ADDRESS_PROOF', { filename: 'bill.pdf', contentType: 'application/pdf', data: pdfBytes() });
  return [
    { fileId: id.id, type: 'ID_PROOF', name: 'passport' },
    { fileId: address.id, type: 'ADDRESS_PROOF', name: 'utilityBill' },
  ];
}

/** A customer with KYC done, ready to buy. */
export async function customerWithKyc(app: FastifyInstance, smtp: SmtpCapture, email: string): Promise<string> {
  const token = await newCustomer(app, smtp, email);
  const submitted = await gqlAs(app, token, SUBMIT_KYC, { input: kycInput(await uploadBothProofs(app, token)) });
  expect(submitted.body.errors).toBeUndefined();
  return token;
}

/** The answer as the GraphQL document above selects it: every field of the result type. */
export type PurchaseAnswer = PolicyPurchaseResult;

/** Row counts of every table the purchase flow writes: "nothing stored" means these did not move. */
export async function rowCounts(db: Db) {
  const [filesCount, profiles, documents, policyCount, beneficiaries, instalments, saleRates, log] = await Promise.all([
    db.$count(files),
    db.$count(customerProfiles),
    db.$count(kycDocuments),
    db.$count(policies),
    db.$count(policyBeneficiaries),
    db.$count(policyInstalments),
    db.$count(policySaleRates),
    db.$count(transactionLog),
  ]);
  return { files: filesCount, profiles, documents, policies: policyCount, beneficiaries, instalments, saleRates, log };
}
