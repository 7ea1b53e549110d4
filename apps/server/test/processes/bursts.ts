/**
 * Bursts of purchases and payments against a server process, recording what was acknowledged,
 * what got no answer (in flight when the process died) and how every refusal was answered.
 */
import { FlowError, type HttpFlows } from './http-flows';

export interface Customer {
  email: string;
  token: string;
}

/** `n` new customers with KYC done, from distinct client addresses. */
export async function customersWithKyc(flows: HttpFlows, n: number, prefix: string): Promise<Customer[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const email = `${prefix}-${i}@example.com`;
      const ip = `10.77.${i >> 8}.${i & 255}`;
      const token = await flows.signUp(email, ip);
      await flows.submitKyc(token, await flows.uploadProofs(token, ip), ip);
      return { email, token };
    }),
  );
}

export interface SentPurchase {
  customer: Customer;
  input: Record<string, unknown>;
  key: string;
}

export interface BurstRecord {
  /** Idempotency key -> the policy number the server answered, and what was sent. */
  purchases: Map<string, { policyNumber: string; sent: SentPurchase }>;
  /** Sent, and no answer came (the connection died): committed or not, nobody knows yet. */
  unanswered: SentPurchase[];
  /** Sent and refused (503 and the like): to be sent again with the same key. */
  refused: SentPurchase[];
  /** Receipt numbers answered. */
  receipts: string[];
  /** Policies whose payment was sent and got no answer. */
  unansweredPayments: string[];
  /** Emails whose sign-up was answered 200 (a code is owed to each). */
  signUps: string[];
  /** Every refusal: step, status, GraphQL code, Retry-After. */
  refusals: FlowError[];
  /** Operations answered 2xx so far. */
  acknowledged(): number;
}

export interface BurstOptions {
  running: () => boolean;
  /** Stop a client at its first 503 (a draining process refuses new requests). */
  stopOn503?: boolean;
  /** The teller pays each policy's first instalment (default true). */
  payments?: boolean;
  /** One more client signs new emails up all along. */
  signUps?: string;
}

/**
 * Each customer buys a policy (at the credit union; every third one in full, the rest in four
 * instalments) and the teller pays its first instalment (a full premium issues the contract and
 * its PDF), again and again. A client stops at its first unanswered request (the process is gone),
 * at a 503 when `stopOn503`, or when `running()` says stop. The record fills while it runs.
 */
export function purchaseAndPaymentBurst(flows: HttpFlows, customers: readonly Customer[], teller: string, options: BurstOptions): { record: BurstRecord; done: Promise<void> } {
  const record: BurstRecord = {
    purchases: new Map(),
    unanswered: [],
    refused: [],
    receipts: [],
    unansweredPayments: [],
    signUps: [],
    refusals: [],
    acknowledged: () => record.purchases.size + record.receipts.length + record.signUps.length,
  };
  const stops = (error: unknown) => {
    if (!(error instanceof FlowError)) throw error;
    record.refusals.push(error);
    return error.status === 0 || (options.stopOn503 === true && error.status === 503);
  };
  const buyer = async (customer: Customer, n: number) => {
    const ip = `10.78.${n >> 8}.${n & 255}`;
    for (let round = 0; options.running(); round += 1) {
      const input = await flows.purchaseInput({ paymentChannel: 'CREDIT_UNION', paymentPlan: (n + round) % 3 === 0 ? 'FULL' : 'INSTALMENTS_4' });
      const sent = { customer, input, key: input.idempotencyKey as string };
      let policy;
      try {
        policy = await flows.purchase(customer.token, input, ip);
        record.purchases.set(sent.key, { policyNumber: policy.policyNumber, sent });
      } catch (error) {
        if (error instanceof FlowError) (error.status === 0 ? record.unanswered : record.refused).push(sent);
        if (stops(error)) return;
        continue;
      }
      if (options.payments === false) continue;
      try {
        record.receipts.push((await flows.recordPayment(teller, policy.policyNumber, policy.schedule[0]!.amount.cents)).receiptNumber);
      } catch (error) {
        if (error instanceof FlowError && error.status === 0) record.unansweredPayments.push(policy.policyNumber);
        if (stops(error)) return;
      }
    }
  };
  const signingUp = async (prefix: string) => {
    for (let n = 0; options.running(); n += 1) {
      const email = `${prefix}-${n}@example.com`;
      try {
        await flows.call('sign-up', '/iam/v1/user/sign-up', { method: 'POST', body: JSON.stringify({ email }), headers: { 'content-type': 'application/json' } }, `10.79.${n >> 8}.${n & 255}`);
        record.signUps.push(email);
      } catch (error) {
        if (stops(error)) return;
      }
    }
  };
  const done = Promise.all([...customers.map((customer, n) => buyer(customer, n)), options.signUps ? signingUp(options.signUps) : undefined]).then(() => undefined);
  return { record, done };
}

/** "purchase: HTTP 503 SERVICE_UNAVAILABLE" -> count, for a readable failure message. */
export function refusalKinds(refusals: readonly FlowError[]): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const refusal of refusals) kinds[refusal.kind] = (kinds[refusal.kind] ?? 0) + 1;
  return kinds;
}
