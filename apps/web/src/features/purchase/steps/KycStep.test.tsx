import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseProfile } from '../api';
import { KycStep } from './KycStep';

const api = vi.hoisted(() => ({
  uploadProof: vi.fn(),
  submitKycDetails: vi.fn(),
}));
vi.mock('../api', () => api);
vi.mock('../../../lib/auth/session', () => ({ readAccessToken: () => 'token' }));

afterEach(cleanup);
beforeEach(() => {
  api.uploadProof.mockReset();
  api.submitKycDetails.mockReset();
});

const newCustomer: PurchaseProfile = {
  email: 'ann@example.com',
  firstName: null,
  lastName: null,
  gender: null,
  occupation: null,
  primaryContactNo: null,
  kycSubmitted: false,
  kyc: [],
  address: null,
};

function renderForm(profile: PurchaseProfile = newCustomer, onDone = vi.fn()) {
  render(<KycStep profile={profile} saved={null} countryName="Dominica" onBack={() => {}} onDone={onDone} />);
  return onDone;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const pick = (label: string, files: File[]) => fireEvent.change(field(label), { target: { files } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

function file(name: string, mime: string, size?: number): File {
  const made = new File([new Uint8Array(16)], name, { type: mime });
  if (size !== undefined) Object.defineProperty(made, 'size', { value: size });
  return made;
}

function fillValid() {
  type('First Name', 'Ann');
  type('Last Name', 'Lee');
  fireEvent.change(field('Gender'), { target: { value: 'female' } });
  type('Occupation', 'Teacher');
  type('Street Address', '1 Bay Street');
  type('City', 'Roseau');
  type('Telephone', '767 123 4567');
  fireEvent.change(field('Id Proof Type'), { target: { value: 'passport' } });
  pick('Id Proof', [file('passport.png', 'image/png')]);
  fireEvent.change(field('Address Proof Type'), { target: { value: 'utilityBill' } });
  pick('Address Proof', [file('bill.pdf', 'application/pdf')]);
  type('Beneficiary First Name', 'Bo');
  type('Beneficiary Last Name', 'Lee');
  type('Beneficiary Street Address', '2 Bay Street');
  type('Beneficiary City', 'Roseau');
  type('Beneficiary Email', 'bo@example.com');
  type('Beneficiary Telephone', '767 765 4321');
}

describe('KYC form rules', () => {
  it('says what each empty field needs, tied to the field', async () => {
    renderForm();
    submit();
    expect(await screen.findByText('First Name is required')).toBeTruthy();
    // The select words it as the spec's select-level text; the schema's (and server's) form-level text is not shown twice.
    expect(screen.getByText('Id Proof is required').id).toBe('kyc-idProofType-error');
    expect(screen.queryByText('Id proof type is required')).toBeNull();
    expect(screen.getByText('Enter Valid Beneficiary First Name')).toBeTruthy();
    expect(screen.getAllByText('One Id Proof is required')).toHaveLength(2);
    expect(screen.getAllByText('Phone Number is required')).toHaveLength(2);
    expect(field('First Name').getAttribute('aria-describedby')).toBe('kyc-firstName-error');
    expect(field('First Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('checks patterns and the phone length with the spec messages', async () => {
    renderForm();
    type('First Name', 'Ann2');
    type('Occupation', 'R2D2');
    type('Telephone', '1234');
    type('Beneficiary Last Name', 'Lee!');
    submit();
    expect(await screen.findByText('FirstName Should contain only alpha values')).toBeTruthy();
    expect(screen.getByText('Occupation Should contain only alpha values')).toBeTruthy();
    expect(screen.getByText('Minimum length of Phone Number should be 8')).toBeTruthy();
    expect(screen.getByText('Beneficiary Last Name Should contain only alpha values')).toBeTruthy();
  });

  it('accepts names as people write them, and still refuses digits and symbols', async () => {
    api.uploadProof.mockImplementation(async (_file: File, purpose: string) => ({ id: `${purpose}-id`, name: 'x', size: 16, mimeType: 'image/png', purpose }));
    api.submitKycDetails.mockResolvedValue('ok');
    const onDone = renderForm();
    fillValid();
    type('First Name', 'Thérèse');
    type('Last Name', "D'Auvergne");
    type('Occupation', 'Self-employed fisher');
    type('City', 'St. Louis');
    type('Beneficiary First Name', 'Jean-Baptiste');
    type('Beneficiary Last Name', 'Nguyễn');
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.submitKycDetails).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Thérèse', lastName: "D'Auvergne", occupation: 'Self-employed fisher' }));
    expect(onDone.mock.calls[0]![0]).toMatchObject({ beneficiaryFirstName: 'Jean-Baptiste', beneficiaryLastName: 'Nguyễn' });
    cleanup();

    renderForm();
    type('First Name', '--');
    type('Last Name', 'Łucja3');
    type('Beneficiary First Name', 'Paul & Ann');
    submit();
    expect(await screen.findByText('FirstName Should contain only alpha values')).toBeTruthy();
    expect(screen.getByText('Last Name Should contain only alpha values')).toBeTruthy();
    expect(screen.getByText('Beneficiary First Name Should contain only alpha characters')).toBeTruthy();
  });

  it('takes only png, pdf, jpeg or jpg proofs of at most 20,000,000 bytes', async () => {
    renderForm();
    pick('Id Proof', [file('setup.exe', 'application/x-msdownload')]);
    pick('Address Proof', [file('big.pdf', 'application/pdf', 20_000_001)]);
    submit();
    expect(await screen.findByText('File must be a PNG, PDF, JPEG or JPG')).toBeTruthy();
    expect(screen.getByText('File must be at most 20 MB')).toBeTruthy();
  });

  it('refuses two files for one proof', async () => {
    renderForm();
    pick('Id Proof', [file('a.png', 'image/png'), file('b.png', 'image/png')]);
    pick('Address Proof', [file('bill.jpg', 'image/jpeg')]);
    submit();
    // Only the proof with two files is refused; the single JPEG passes.
    await waitFor(() => expect(screen.getAllByText('One Id Proof is required')).toHaveLength(1));
    expect(screen.getByText('One Id Proof is required').id).toBe('kyc-idProof-error');
  });

  it('uploads each proof, then submits the KYC details referring to the stored files', async () => {
    api.uploadProof.mockImplementation(async (_file: File, purpose: string) => ({ id: `${purpose}-id`, name: 'x', size: 16, mimeType: 'image/png', purpose }));
    api.submitKycDetails.mockResolvedValue('ok');
    const onDone = renderForm();
    fillValid();
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.uploadProof.mock.calls.map((call) => call[1])).toEqual(['ID_PROOF', 'ADDRESS_PROOF']);
    expect(api.submitKycDetails).toHaveBeenCalledWith(
      expect.objectContaining({
        firstName: 'Ann',
        primaryContactNo: '767 123 4567',
        address: { addressLine1: '1 Bay Street', city: 'Roseau', country: 'Dominica' },
        documents: [
          { fileId: 'ID_PROOF-id', type: 'ID_PROOF', name: 'passport' },
          { fileId: 'ADDRESS_PROOF-id', type: 'ADDRESS_PROOF', name: 'utilityBill' },
        ],
      }),
    );
    // What the flow keeps in session storage: text only.
    const saved = onDone.mock.calls[0]![0] as Record<string, unknown>;
    expect(saved.firstName).toBe('Ann');
    expect(saved).not.toHaveProperty('idProof');
  });

  it("opens the \"Uh oh.\" dialog with the server's sentence when an upload is refused", async () => {
    const { ApiError } = await import('../../../lib/graphql/errors');
    api.uploadProof.mockRejectedValue(new ApiError('415', 'File must be a PNG, PDF, JPEG or JPG'));
    renderForm();
    fillValid();
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Uh oh.' });
    expect(dialog.textContent).toContain('File must be a PNG, PDF, JPEG or JPG');
    expect(screen.getByRole('alert').textContent).toBe('File must be a PNG, PDF, JPEG or JPG');
    expect(api.submitKycDetails).not.toHaveBeenCalled();
  });

  it('opens the dialog when SubmitKYCDetails is refused', async () => {
    const { ApiError } = await import('../../../lib/graphql/errors');
    api.uploadProof.mockImplementation(async (_file: File, purpose: string) => ({ id: `${purpose}-id`, name: 'x', size: 16, mimeType: 'image/png', purpose }));
    api.submitKycDetails.mockRejectedValue(new ApiError('refused', 'This file was not found. Please upload it again.', 'BAD_USER_INPUT'));
    const onDone = renderForm();
    fillValid();
    submit();
    expect((await screen.findByRole('dialog', { name: 'Uh oh.' })).textContent).toContain('This file was not found. Please upload it again.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDone).not.toHaveBeenCalled();
  });

  it('after a first submission asks only for the beneficiary and the missing proof', () => {
    renderForm({ ...newCustomer, kycSubmitted: true, kyc: [{ type: 'ID_PROOF', name: 'passport', status: 'SUBMITTED' }] });
    expect(screen.queryByLabelText(/^First Name/)).toBeNull();
    expect(screen.queryByLabelText(/^Id Proof/)).toBeNull();
    expect(field('Address Proof Type')).toBeTruthy();
    expect(field('Address Proof')).toBeTruthy();
    expect(field('Beneficiary First Name')).toBeTruthy();
  });
});
