import { useQuery } from '@tanstack/react-query';
import { isRoleName, type RoleName } from '@fhp/domain';
import { request } from '../graphql/client';
import { graphql, type ResultOf } from '../graphql/graphql';
import { readSessionUser } from './session';
import { useSession } from './useSession';

/* `whoAmI` and `getMyProfile` of the identity contract (docs/architecture.md). */
const WhoAmIQuery = graphql(`
  query WhoAmI { whoAmI { signedIn userId email role } }
`);

// The spec's input is an empty object; `vuid` is optional in our schema.
const MyProfileQuery = graphql(`
  query MyProfile($input: GetMyProfileInput) { getMyProfile(input: $input) { vuid email firstName lastName fullName image role } }
`);

export type MyProfile = ResultOf<typeof MyProfileQuery>['getMyProfile'];

/** Query keys carry the token so a new sign-in never sees the previous user's answers. */
export const identityKeys = {
  all: ['identity'] as const,
  whoAmI: (token: string) => ['identity', 'whoAmI', token] as const,
  profile: (token: string) => ['identity', 'profile', token] as const,
};

export interface Caller {
  userId: string;
  role: RoleName | null;
}

/** Step 1 of the page load order: the role, from the who-am-I call. Disabled without a token. */
export function useWhoAmI() {
  const { token } = useSession();
  return useQuery({
    queryKey: identityKeys.whoAmI(token ?? ''),
    enabled: Boolean(token),
    staleTime: 60_000,
    retry: false,
    queryFn: async (): Promise<Caller | null> => {
      const { whoAmI } = await request(WhoAmIQuery, {}, { token: token ?? null, keepOffline: true });
      if (!whoAmI.signedIn || !whoAmI.userId) return null;
      return { userId: whoAmI.userId, role: isRoleName(whoAmI.role) ? whoAmI.role : null };
    },
  });
}

/**
 * Step 2: the profile, only once the role is known (`enabled`), so the calls go out in the
 * spec's order. The spec's input is an empty object.
 */
export function useMyProfile(enabled: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: identityKeys.profile(token ?? ''),
    enabled: enabled && Boolean(token),
    staleTime: 60_000,
    retry: false,
    queryFn: async () => (await request(MyProfileQuery, { input: {} }, { token: token ?? null, keepOffline: true })).getMyProfile,
  });
}

/**
 * The header's question: is the signed-in user a purchaser? The who-am-I answer decides once it
 * is here; until then (or if it fails) the session's role, taken from the purchaser entry of
 * `userRoles`, stands in so the button does not flicker.
 */
export function useIsPurchaser(): boolean {
  const session = useSession();
  const whoAmI = useWhoAmI();
  if (!session.token) return false;
  if (whoAmI.data !== undefined) return whoAmI.data?.role === 'purchaser';
  return session.role === 'purchaser';
}


/**
 * The caller's account id (vuid), for the filters that scope a timeline to its owner (spec part 2
 * section 6: customer screens filter by the token's vuid). The user saved at sign-in has it; a
 * session without one (a token from the page address) asks the profile.
 */
export function useCallerVuid(): string | undefined {
  const saved = readSessionUser()?.vuid;
  const profile = useMyProfile(!saved);
  return saved ?? profile.data?.vuid;
}
