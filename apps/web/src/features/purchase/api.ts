import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CountryCode, PurchasePolicyValues, SignedIn } from '@fhp/domain';
import { iamPost } from '../../lib/auth/iamClient';
import { saveSession } from '../../lib/auth/session';
import { useSession } from '../../lib/auth/useSession';
import { request } from '../../lib/graphql/client';
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

// The upload itself is shared with My Account (lib/uploads).
export { FILES_ENDPOINT, uploadProof, type ProofPurpose, type UploadedFile } from '../../lib/uploads';

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
