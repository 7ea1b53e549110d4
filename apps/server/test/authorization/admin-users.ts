import { manageUsers, type MatrixRows } from './types';

/**
 * The administrators' users list and actions and the KYC review (issue 11): admins and the owner only. The actions
 * name an address nobody has, so an allowed caller gets past the guard to "no such user".
 */
const NOBODY = 'matrix-nobody@fhp.example';

export const adminUsersRows: MatrixRows = {
  graphql: {
    getListOfUser: {
      query: '{ getListOfUser(input: { pageSize: 10 }) { totalCount data { email } } }',
      expected: manageUsers,
    },
    suspendUser: { query: `mutation { suspendUser(email: "${NOBODY}") { message } }`, expected: manageUsers, passesGuardWith: ['BAD_USER_INPUT'] },
    reactivateUser: { query: `mutation { reactivateUser(email: "${NOBODY}") { message } }`, expected: manageUsers, passesGuardWith: ['BAD_USER_INPUT'] },
    removeUser: { query: `mutation { removeUser(email: "${NOBODY}") { message } }`, expected: manageUsers, passesGuardWith: ['BAD_USER_INPUT'] },
    kycReviewQueue: { query: '{ kycReviewQueue { id status } }', expected: manageUsers },
    reviewKycDocument: {
      // A document id nobody has: an allowed caller gets past the guard to "not found".
      query: 'mutation { reviewKycDocument(documentId: "00000000-0000-4000-8000-000000000000", decision: "ACCEPT") { id } }',
      expected: manageUsers,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    bulkUserAction: {
      query: `mutation { bulkUserAction(action: "suspend_user", emails: ["${NOBODY}"]) { email ok message } }`,
      expected: manageUsers,
    },
  },
};
