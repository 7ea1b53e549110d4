import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CountryCode, PurchasePolicyValues, SignedIn } from '@fhp/domain';
import { iamPost } from '../../lib/auth/iamClient';
import { saveSession } from '../../lib/auth/session';
import { useSession } from '../../lib/auth/useSession';
import { request } from '../../lib/graphql/client';
import { ApiError, FALLBACK_DISPLAY_MESSAGE } from '../../lib/graphql/errors';
import { BUSY_ATTEMPTS, isRetryableStatus, retryDelayMs } from '../../lib/http/retry';
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql/graphql';
import type { PurchaseResult } from './state/purchaseData';

/*
 * Every call the purchase flow makes, in one place (docs/architecture.md, Purchase contract).
 * GraphQL documents are typed by gql.tada from the server's printed schema; the identity REST
 * routes go through the shared `/iam/v1` client and the uploads through XHR (progress).
 */

// ---------------------------------------------------------------------------------------------
// Quote and offer
// ---------------------------------------------------------------------------------------------

const QuoteQuery = graphql(`
  query PurchaseQuote($input: QuoteInput!) {
    quote(input: $input) {
      country
      countryName
      coverage { raw cents formatted }
      options {
        id
        label
        rolPct
        premium { raw cents formatted }
        coverage { raw cents formatted }
        discount { percent amount { cents formatted } premium { raw cents formatted } }
        triggeringParams { id params coveragePct coverage { cents formatted } }
      }
    }
  }
`);
export type Quote = ResultOf<typeof QuoteQuery>['quote'];
export type QuoteOption = Quote['options'][number];

const OfferQuery = graphql(`
  query PurchaseOffer($input: CheckOfferInput!) {
    CheckOfferIsApplicable(input: $input) { applicable message logo canPurchase discountPercent }
  }
`);
export type OfferCheck = ResultOf<typeof OfferQuery>['CheckOfferIsApplicable'];

/** Premiums for a coverage; the previous answer stays on screen while the next one loads. */
export function useQuote(country: CountryCode | null, coverage: number | null) {
  return useQuery({
    queryKey: ['purchase', 'quote', country, coverage],
    enabled: country !== null && coverage !== null,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async () => (await request(QuoteQuery, { input: { country: country!, coverage: coverage! } })).quote,
  });
}

export function useOfferCheck(country: CountryCode | null) {
  return useQuery({
    queryKey: ['purchase', 'offer', country],
    enabled: country !== null,
    retry: false,
    queryFn: async () => (await request(OfferQuery, { input: { countryName: country! } })).CheckOfferIsApplicable,
  });
}

// ---------------------------------------------------------------------------------------------
// Verify email (identity REST, /iam/v1)
// ---------------------------------------------------------------------------------------------

/** Sends a 6-digit code; the server answers the same for a known email. */
export function sendSignUpCode(email: string): Promise<{ message: string }> {
  return iamPost<{ message: string }>('/user/sign-up', { email });
}

/**
 * Checks the code: a new email becomes a purchaser, a known one is signed in. The session is kept
 * in session storage (no "remember me" here), as the sign-in page does by default.
 */
export async function verifyEmailCode(email: string, otp: string): Promise<SignedIn> {
  const signedIn = await iamPost<SignedIn>('/email/verify-by-otp', { email, otp });
  saveSession(signedIn, false);
  return signedIn;
}

// ---------------------------------------------------------------------------------------------
// Profile (KYC fields)
// ---------------------------------------------------------------------------------------------

const ProfileQuery = graphql(`
  query PurchaseProfile($input: GetMyProfileInput) {
    getMyProfile(input: $input) {
      email firstName lastName gender occupation primaryContactNo kycSubmitted
      kyc { name status type }
      address { addressLine1 city country }
    }
  }
`);
export type PurchaseProfile = ResultOf<typeof ProfileQuery>['getMyProfile'];
export type KycDoc = PurchaseProfile['kyc'][number];

export function usePurchaseProfile(enabled: boolean) {
  const { token } = useSession();
  return useQuery({
    // The token in the key: a new sign-in never sees the previous customer's profile.
    queryKey: ['purchase', 'profile', token ?? ''],
    enabled: enabled && Boolean(token),
    retry: false,
    queryFn: async () => (await request(ProfileQuery, { input: {} }, { token: token ?? null })).getMyProfile,
  });
}

// ---------------------------------------------------------------------------------------------
// Uploads and KYC
// ---------------------------------------------------------------------------------------------

export type ProofPurpose = 'ID_PROOF' | 'ADDRESS_PROOF';
export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  mimeType: string;
  purpose: ProofPurpose;
}

export const FILES_ENDPOINT = '/api/v1/files';

function uploadError(xhr: XMLHttpRequest): ApiError {
  let display = FALLBACK_DISPLAY_MESSAGE;
  try {
    const body = JSON.parse(xhr.responseText) as { display_message?: unknown };
    if (typeof body.display_message === 'string' && body.display_message.length > 0) display = body.display_message;
  } catch {
    // Not JSON (a proxy's error page): the generic sentence.
  }
  return new ApiError(`Upload failed (HTTP ${xhr.status})`, display, `HTTP_${xhr.status}`);
}

/**
 * One proof to `POST /api/v1/files` (multipart: `purpose`, then exactly one `file`). XHR rather
 * than fetch because fetch cannot report upload progress, and a 20 MB file on a slow island
 * connection needs a progress bar.
 */
export async function uploadProof(
  file: File,
  purpose: ProofPurpose,
  token: string,
  onProgress: (fraction: number) => void,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<UploadedFile> {
  // A busy server (503, many customers uploading) is retried with backoff before the customer sees a message.
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await uploadProofOnce(file, purpose, token, onProgress);
    if (outcome.ok) return outcome.file;
    if (attempt >= BUSY_ATTEMPTS || !isRetryableStatus(outcome.status)) throw outcome.error;
    onProgress(0);
    await sleep(retryDelayMs(attempt, outcome.retryAfter));
  }
}

type UploadOutcome = { ok: true; file: UploadedFile } | { ok: false; status: number; retryAfter: string | null; error: ApiError };

function uploadProofOnce(file: File, purpose: ProofPurpose, token: string, onProgress: (fraction: number) => void): Promise<UploadOutcome> {
  const failed = (status: number, error: ApiError, retryAfter: string | null = null): UploadOutcome => ({ ok: false, status, retryAfter, error });
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', FILES_ENDPOINT);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return resolve(failed(xhr.status, uploadError(xhr), xhr.getResponseHeader('retry-after')));
      try {
        onProgress(1);
        resolve({ ok: true, file: JSON.parse(xhr.responseText) as UploadedFile });
      } catch {
        resolve(failed(xhr.status, new ApiError('Unreadable upload answer', FALLBACK_DISPLAY_MESSAGE, 'BAD_RESPONSE')));
      }
    };
    xhr.onerror = () => resolve(failed(0, new ApiError('Network error during upload', FALLBACK_DISPLAY_MESSAGE, 'NETWORK_ERROR')));
    const body = new FormData();
    // The server reads fields in order and needs the purpose before the file's bytes.
    body.append('purpose', purpose);
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

const SubmitKycMutation = graphql(`
  mutation SubmitKYCDetails($input: SubmitKYCDetailsInput!) { SubmitKYCDetails(input: $input) { message } }
`);
export type SubmitKycInput = VariablesOf<typeof SubmitKycMutation>['input'];

export async function submitKycDetails(input: SubmitKycInput): Promise<string> {
  return (await request(SubmitKycMutation, { input })).SubmitKYCDetails.message;
}

// ---------------------------------------------------------------------------------------------
// Purchase
// ---------------------------------------------------------------------------------------------

const PurchaseMutation = graphql(`
  mutation PurchasePolicy($input: PurchasePolicyInput!) {
    PurchasePolicy(input: $input) {
      policyNumber type status premium discountedPremium
      purchasedBy { email primaryContactNo phoneVerified }
      paymentPlan paymentChannel
      schedule { number dueDate amount { raw cents formatted } }
      bankTransferReference
    }
  }
`);

export async function purchasePolicy(input: PurchasePolicyValues): Promise<PurchaseResult> {
  return (await request(PurchaseMutation, { input })).PurchasePolicy;
}
