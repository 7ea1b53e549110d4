import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityKeys } from '../../lib/auth/identity';
import { useSession } from '../../lib/auth/useSession';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql/graphql';

/**
 * My Account's calls (spec part 2 section 7): getMyProfile together with getTxnList (the KYC
 * submissions of the caller's own account id, limit 100), updateMyProfile, editKYCDoc,
 * and the phone's code (sendMobileVerificationCode, verifyMobileNo).
 */
const AccountProfileQuery = graphql(`
  query AccountProfile($input: GetMyProfileInput) {
    getMyProfile(input: $input) {
      vuid email emailVerified firstName lastName fullName image gender occupation primaryContactNo phoneVerified kycSubmitted role
      address { addressLine1 city country }
      kyc { doc name status type comment fileType }
    }
  }
`);

const KycTimelineQuery = graphql(`
  query KycTimeline($input: GetTxnListInput) {
    getTxnList(input: $input) {
      totalCount
      data { id action type when where performedBy { firstName lastName } }
    }
  }
`);

export type AccountProfile = ResultOf<typeof AccountProfileQuery>['getMyProfile'];
export type KycDocument = AccountProfile['kyc'][number];
export type TimelineEntry = ResultOf<typeof KycTimelineQuery>['getTxnList']['data'][number];

/** Spec part 2 section 9: transaction queries ask for 100. */
const TIMELINE_LIMIT = 100;

export const accountKeys = {
  all: ['account'] as const,
  profile: (token: string) => ['account', 'profile', token] as const,
  timeline: (token: string, vuid: string) => ['account', 'timeline', token, vuid] as const,
};

export function useAccountProfile() {
  const { token } = useSession();
  return useQuery({
    queryKey: accountKeys.profile(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    queryFn: async () => (await request(AccountProfileQuery, { input: {} }, { token: token ?? null })).getMyProfile,
  });
}

/** The KYC submissions, newest first as the server answers them; after the profile (its vuid). */
export function useKycTimeline(vuid: string | undefined) {
  const { token } = useSession();
  return useQuery({
    queryKey: accountKeys.timeline(token ?? '', vuid ?? ''),
    enabled: Boolean(token && vuid),
    retry: false,
    queryFn: async () =>
      (
        await request(
          KycTimelineQuery,
          { input: { limit: TIMELINE_LIMIT, where: { txnOwner: { equals: vuid! }, type: { in: ['KYC_SUBMISSION'] } } } },
          { token: token ?? null },
        )
      ).getTxnList.data,
  });
}

const UpdateMyProfileMutation = graphql(`
  mutation UpdateMyProfile($input: UpdateMyProfileInput!) { updateMyProfile(input: $input) { email firstName lastName image } }
`);
export type UpdateMyProfileVariables = VariablesOf<typeof UpdateMyProfileMutation>['input'];

const EditKycDocMutation = graphql(`
  mutation EditKYCDoc($input: EditKYCDocInput!) { editKYCDoc(input: $input) { message } }
`);
export type EditKycDocVariables = VariablesOf<typeof EditKycDocMutation>['input'];

const SendPhoneCodeMutation = graphql(`
  mutation SendMobileVerificationCode { sendMobileVerificationCode { message } }
`);

const VerifyMobileNoMutation = graphql(`
  mutation VerifyMobileNo($input: VerifyMobileNoInput!) { verifyMobileNo(input: $input) { message } }
`);

/** After any change the profile, its timeline and the header's name and photo are read again. */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: accountKeys.all }), queryClient.invalidateQueries({ queryKey: identityKeys.all })]);
}

export function useUpdateMyProfile() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: async (input: UpdateMyProfileVariables) => (await request(UpdateMyProfileMutation, { input })).updateMyProfile,
    onSuccess: refresh,
  });
}

export function useEditKycDoc() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: async (input: EditKycDocVariables) => (await request(EditKycDocMutation, { input })).editKYCDoc.message,
    onSuccess: refresh,
  });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: async () => (await request(SendPhoneCodeMutation, {})).sendMobileVerificationCode.message });
}

export function useVerifyMobileNo() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: async (otp: string) => (await request(VerifyMobileNoMutation, { input: { otp } })).verifyMobileNo.message,
    onSuccess: refresh,
  });
}
