import { signedIn, type MatrixRows } from './types';

/**
 * The customer's own account (issue 9): none of these takes an account or record id, so a caller
 * can only ever reach their own profile; the account tests show another customer's files and
 * photos are refused by id.
 */
export const accountRows: MatrixRows = {
  graphql: {
    updateMyProfile: {
      // No first name: past the guard, every caller meets "First Name is required" and nothing changes.
      query: `mutation { updateMyProfile(input: { firstName: "", lastName: "Joseph", gender: "female", primaryContactNo: "7675550101",
        occupation: "Fisher", address: { addressLine1: "1 Bay Street", city: "Roseau", country: "dm" }, email: "purchaser@fhp.example" }) { email } }`,
      expected: signedIn,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    editKYCDoc: {
      query: 'mutation { editKYCDoc(input: { documents: [] }) { message } }',
      expected: signedIn,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    sendMobileVerificationCode: {
      // Texts the caller's own phone on file, or says it is verified already.
      query: 'mutation { sendMobileVerificationCode { message } }',
      expected: signedIn,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    verifyMobileNo: {
      query: 'mutation { verifyMobileNo(input: { otp: "12" }) { message } }',
      expected: signedIn,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
  },
};
