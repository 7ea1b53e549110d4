import type { MyPolicyList } from '@fhp/domain';

export { trackerPath } from '../../lib/policyPaths';

/** The list and detail addresses of spec part 2 section 2 (the router's table holds the same). */
export const LIST_PATHS: Record<MyPolicyList, string> = {
  ACTUAL: '/my-policies/actual',
  PROVISIONAL: '/my-policies/provisional',
  ARCHIVED: '/my-policies/archived',
};
export const detailPath = (list: MyPolicyList, policyNumber: string) => `${LIST_PATHS[list]}/${encodeURIComponent(policyNumber)}`;
