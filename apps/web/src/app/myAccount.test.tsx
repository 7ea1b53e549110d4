// My Account through the real route table and shell (features may not import the app's test helpers).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt, setUpShellTests, signInForTest, stubGraphQL, testAppConfig, testPageContent } from './testing';

const baseProfile = {
  vuid: 'V1',
  email: 'ann@fhp.example',
  emailVerified: true,
  firstName: 'thérèse',
  lastName: "d'auvergne",
  fullName: "Thérèse D'Auvergne",
  image: null,
  gender: 'female',
  occupation: 'Nurse',
  primaryContactNo: '+1 767 555 0101',
  phoneVerified: false,
  kycSubmitted: true,
  role: 'purchaser',
  address: { addressLine1: '1 Bay Street', city: 'Roseau', country: 'dm' },
  kyc: [
    { doc: '/api/v1/files/a', name: 'passport', status: 'SUBMITTED', type: 'ID_PROOF', comment: null, fileType: 'application/pdf' },
    { doc: '/api/v1/files/b', name: 'utilityBill', status: 'REJECTED', type: 'ADDRESS_PROOF', comment: 'The bill is unreadable', fileType: 'application/pdf' },
  ],
};
const timeline = [{ id: 't1', action: 'KYC details submitted', type: 'KYC_SUBMISSION', when: Date.UTC(2027, 5, 15, 14, 30), where: 'Customer portal', performedBy: null }];

/** Answers by operation name; a function answers at call time (a test changes its mind). */
function stub(profile: object, answers: Record<string, unknown> = {}) {
  return stubGraphQL((operation) => {
    const answer = answers[operation];
    if (answer !== undefined) return typeof answer === 'function' ? (answer as () => unknown)() : answer;
    switch (operation) {
      case 'PageContent':
        return { data: { pageContent: testPageContent } };
      case 'WhoAmI':
        return { data: { whoAmI: { signedIn: true, userId: 'u1', email: 'ann@fhp.example', role: 'purchaser' } } };
      case 'MyProfile':
      case 'AccountProfile':
        return { data: { getMyProfile: profile } };
      case 'KycTimeline':
        return { data: { getTxnList: { totalCount: 1, data: timeline } } };
      default:
        return { data: testAppConfig };
    }
  });
}

setUpShellTests();

describe('My Account', () => {
  it('shows the hero, the status and comment of the first current document, the allowed buttons and the timeline', async () => {
    signInForTest();
    stub({ ...baseProfile, kyc: [{ ...baseProfile.kyc[0], status: 'REJECTED', comment: 'Expired passport' }, baseProfile.kyc[1]] });
    renderAppAt('/my-account');
    const hero = await screen.findByRole('heading', { level: 2, name: "Thérèse D'Auvergne" }, { timeout: 5000 });
    expect(hero).toBeTruthy();
    const region = within(screen.getByRole('region', { name: "Thérèse D'Auvergne" }));
    expect(region.getByText('V1')).toBeTruthy();
    expect(region.getByText('rejected')).toBeTruthy();
    expect(region.getByText('Expired passport')).toBeTruthy();
    // Both proofs rejected: the full KYC button; the phone is not verified.
    const actions = screen.getByRole('group', { name: 'Account actions' });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Update KYC documents', 'Verify phone number']);
    expect(await screen.findByText('KYC details submitted')).toBeTruthy();
    expect(screen.getByText(/June 15, 2027/)).toBeTruthy();
    expect(screen.getByText('Dominica')).toBeTruthy();
    expect(document.title).toBe('My Account | Flexible Hurricane Protection');
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
  });

  it('offers no update button for an accepted proof: only the rejected one', async () => {
    signInForTest();
    const accepted = { ...baseProfile.kyc[0], status: 'ACCEPTED' };
    stub({ ...baseProfile, phoneVerified: true, kyc: [accepted, baseProfile.kyc[1]] });
    renderAppAt('/my-account');
    const actions = await screen.findByRole('group', { name: 'Account actions' }, { timeout: 5000 });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Update address proof']);
  });

  it('shows no account buttons once both proofs are accepted and the phone verified', async () => {
    signInForTest();
    stub({ ...baseProfile, phoneVerified: true, kyc: baseProfile.kyc.map((doc) => ({ ...doc, status: 'ACCEPTED', comment: null })) });
    renderAppAt('/my-account');
    expect(await screen.findByRole('heading', { level: 2, name: "Thérèse D'Auvergne" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Account actions' })).toBeNull();
    expect(within(screen.getByRole('region', { name: "Thérèse D'Auvergne" })).getByText('accepted')).toBeTruthy();
  });

  it('offers only the rejected proof’s button, and hides the phone field once verified', async () => {
    signInForTest();
    stub({ ...baseProfile, phoneVerified: true });
    renderAppAt('/my-account');
    const actions = await screen.findByRole('group', { name: 'Account actions' }, { timeout: 5000 });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Update address proof']);
    expect(screen.queryByLabelText(/Phone Number/)).toBeNull();
  });

  it('checks the profile form with the spec’s messages, then says "Woo hoo!" or "Update Profile Failed"', async () => {
    signInForTest();
    let fail = false;
    // The saved profile comes back changed, as the server answers it (the form is mounted afresh).
    let current = baseProfile;
    const { calls, fetchMock } = stub(baseProfile, {
      AccountProfile: () => ({ data: { getMyProfile: current } }),
      UpdateMyProfile: () => {
        if (fail) return { data: null, errors: [{ message: 'no', extensions: { code: 'BAD_USER_INPUT', display_message: 'Phone Number is required' } }] };
        current = { ...baseProfile, firstName: 'Jean-Baptiste', primaryContactNo: '+1 767 555 0199', address: { ...baseProfile.address, city: 'St. Joseph' } };
        return { data: { updateMyProfile: { email: 'ann@fhp.example', firstName: 'Jean-Baptiste', lastName: "d'auvergne", image: null } } };
      },
    });
    const sent = () =>
      fetchMock.mock.calls
        .map(([, init]) => JSON.parse(String(init.body)) as { query: string; variables: unknown })
        .filter((body) => body.query.includes('mutation UpdateMyProfile'))
        .map((body) => body.variables);
    renderAppAt('/my-account');
    const firstName = await screen.findByLabelText(/^First Name/);
    fireEvent.change(firstName, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Roseau 2' } });
    fireEvent.change(screen.getByLabelText(/^Phone Number/), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('First Name is required')).toBeTruthy();
    expect(screen.getByText('City Should contain only alpha values')).toBeTruthy();
    expect(screen.getByText('Minimum length of Phone Number should be 8')).toBeTruthy();
    expect(calls).not.toContain('UpdateMyProfile');

    fireEvent.change(firstName, { target: { value: 'Jean-Baptiste' } });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'St. Joseph' } });
    fireEvent.change(screen.getByLabelText(/^Phone Number/), { target: { value: '+1 767 555 0199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Woo hoo!')).toBeTruthy();
    expect(screen.getByText('Profile updated successfully')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: "Jean-Baptiste D'Auvergne" })).toBeTruthy();
    expect(screen.getByText('Woo hoo!')).toBeTruthy();
    expect(sent()[0]).toEqual({
      input: {
        firstName: 'Jean-Baptiste',
        lastName: "d'auvergne",
        gender: 'female',
        primaryContactNo: '+1 767 555 0199',
        occupation: 'Nurse',
        address: { addressLine1: '1 Bay Street', city: 'St. Joseph', country: 'dm' },
        email: 'ann@fhp.example',
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fail = true;
    fireEvent.click(await screen.findByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Update Profile Failed')).toBeTruthy();
    expect(screen.getByText('Phone Number is required')).toBeTruthy();
  });

  it('texts a code on opening the phone dialog and shows "Verify OTP Failed" for a refused one', async () => {
    signInForTest();
    const { calls } = stub(baseProfile, {
      SendMobileVerificationCode: { data: { sendMobileVerificationCode: { message: 'We sent a code to your phone. It expires in 10 minutes.' } } },
      VerifyMobileNo: { data: null, errors: [{ message: 'no', extensions: { code: 'BAD_USER_INPUT', display_message: 'This code is not correct or has expired.' } }] },
    });
    renderAppAt('/my-account');
    fireEvent.click(await screen.findByRole('button', { name: 'Verify phone number' }));
    expect(await screen.findByText(/We sent a code to your phone/)).toBeTruthy();
    expect(calls).toContain('SendMobileVerificationCode');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verify OTP Failed')).toBeTruthy();
    expect(screen.getByText('This code is not correct or has expired.')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('VerifyMobileNo'));
  });
});
