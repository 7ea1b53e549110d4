import { expect } from 'vitest';
import { EMAILS, everyone, manageUsers, signedIn, type MatrixRows, type SignedInCaller } from './types';

export const identityRows: MatrixRows = {
  graphql: {
    whoAmI: {
      query: '{ whoAmI { signedIn email } }',
      expected: everyone,
      check: (data, caller) => {
        expect(data.whoAmI).toEqual(caller === 'anonymous' ? { signedIn: false, email: null } : { signedIn: true, email: EMAILS[caller] });
      },
    },
    roles: {
      query: '{ roles { name uuid } }',
      expected: everyone,
      check: (data) => {
        expect((data.roles as { name: string }[]).map((role) => role.name)).toContain('purchaser');
      },
    },
    getMyProfile: {
      query: '{ getMyProfile(input: {}) { email vuid fullName } }',
      expected: signedIn,
      check: (data, caller) => {
        // Own profile only: purchaser A never sees B's data, nor B A's.
        const profile = data.getMyProfile as { email: string };
        expect(profile.email).toBe(EMAILS[caller as SignedInCaller]);
      },
    },
  },
  rest: {
    'POST /iam/v1/user/sign-in-type/get': { body: () => ({ email: 'matrix@fhp.example' }), expected: everyone },
    'POST /iam/v1/user/sign-in': { body: () => ({}), expected: everyone },
    'POST /iam/v1/user/sign-up': { body: () => ({}), expected: everyone },
    'POST /iam/v1/user/access-token/get': { body: () => ({}), expected: everyone },
    'POST /iam/v1/email/verify-by-otp': { body: () => ({}), expected: everyone },
    'POST /iam/v1/otp/send': { body: () => ({}), expected: everyone },
    'POST /iam/v1/user/invite': {
      body: (caller) => ({ email: `invited.by.${caller.toLowerCase()}@fhp.example`, firstName: 'Ina', lastName: 'Vite', invite: true, role: { name: 'teller' } }),
      expected: manageUsers,
    },
    'POST /iam/v1/invitation/send': {
      body: (caller) => ({ email: `invited.by.${caller.toLowerCase()}@fhp.example`, inviteType: 'EMAIL_VERIFICATION' }),
      expected: manageUsers,
    },
  },
};
