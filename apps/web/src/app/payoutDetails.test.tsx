// My Payout Details through the real route table and shell, the server faked.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt, setUpShellTests, signInForTest, stubGraphQL, testAppConfig, testPageContent } from './testing';

const account = {
  accHolderName: 'Ann Lee',
  bankName: 'Grenada Co-operative Bank',
  accountNo: '•••• 6789',
  type: 'SAVINGS',
  swiftCode: 'GCBLGDGD',
  chequeLeaf: { id: 'f1e2d3c4-0000-4000-8000-000000000001', url: '/api/v1/files/f1e2d3c4-0000-4000-8000-000000000001', name: 'cheque.pdf', fileType: 'application/pdf' },
  updatedAt: '2027-04-01T12:00:00.000Z',
};
const entries = [{ id: 'b1', action: 'Bank details added', when: Date.UTC(2027, 3, 1, 16), where: 'Customer portal', performedBy: { firstName: 'Ann', lastName: 'Lee' } }];
const UPLOADED = 'a0b1c2d3-0000-4000-8000-000000000002';

type Answer = unknown | (() => unknown | Promise<unknown>);

/**
 * The gateway by operation name (a function answers at call time, and may wait), and the upload
 * route. Records each operation's variables and each upload.
 */
function serve(role: string, answers: Record<string, Answer> = {}) {
  const variables: Record<string, unknown[]> = {};
  const uploads: string[] = [];
  const { fetchMock } = stubGraphQL((operation) => {
    switch (operation) {
      case 'PageContent':
        return { data: { pageContent: testPageContent } };
      case 'WhoAmI':
        return { data: { whoAmI: { signedIn: true, userId: 'u1', email: 'ann@fhp.example', role } } };
      case 'MyProfile':
        return { data: { getMyProfile: { vuid: 'V1', email: 'ann@fhp.example', firstName: 'Ann', lastName: 'Lee', fullName: 'Ann Lee', image: null, role } } };
      default:
        return { data: testAppConfig };
    }
  });
  const fallback = fetchMock.getMockImplementation()!;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
    if (url.endsWith('/api/v1/files')) {
      const file = (init.body as FormData).get('file') as File;
      uploads.push(file.name);
      return json({ id: UPLOADED }, 201);
    }
    const body = JSON.parse(String(init.body)) as { query: string; variables?: unknown };
    const operation = /(?:query|mutation) (\w+)/.exec(body.query)?.[1] ?? '?';
    (variables[operation] ??= []).push(body.variables);
    const answer = answers[operation];
    if (answer === undefined) return fallback(url, init);
    return json(typeof answer === 'function' ? await (answer as () => unknown)() : answer);
  });
  return { variables, uploads };
}

const withAccount = { MyPayoutAccount: { data: { getBankAccountDetail: account } }, MyPayoutTimeline: { data: { getTxnList: { data: entries } } } };
const refused = { data: null, errors: [{ message: 'no', extensions: { code: 'FORBIDDEN', display_message: 'You are not allowed to do this.' } }] };

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(new RegExp(`^${label}`));
    fireEvent.change(field, { target: { value } });
  }
}

const chooseFile = (file: File) => fireEvent.change(screen.getByLabelText(/^Cheque leaf/), { target: { files: [file] } });
const pdf = () => new File(['%PDF-1.4'], 'leaf.pdf', { type: 'application/pdf' });

setUpShellTests();

describe('My Payout Details', () => {
  it.each(['purchaser', 'teller', 'admin'])('%s: the account and the caller’s own bank timeline, no error', async (role) => {
    signInForTest();
    const { variables } = serve(role, withAccount);
    renderAppAt('/my-payout-details');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Payout Details' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Grenada Co-operative Bank')).toBeTruthy();
    expect(screen.getByText('•••• 6789')).toBeTruthy();
    expect(screen.getByText('GCBLGDGD')).toBeTruthy();
    expect(await screen.findByText('Bank details added')).toBeTruthy();
    expect(variables.MyPayoutTimeline).toEqual([{ input: { limit: 100, where: { txnOwner: { equals: 'V1' }, type: { in: ['BANK_DETAIL'] } } } }]);
    expect(screen.getByRole('button', { name: 'Update Bank details' })).toBeTruthy();
    expect(screen.queryByText('Uh oh.')).toBeNull();
  });

  it('a refused timeline leaves the account on screen and says so', async () => {
    signInForTest();
    serve('teller', { ...withAccount, MyPayoutTimeline: refused });
    renderAppAt('/my-payout-details');
    expect(await screen.findByText('The timeline of changes could not be loaded right now. Please try again later.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Grenada Co-operative Bank')).toBeTruthy();
    expect(screen.queryByText('Uh oh.')).toBeNull();
  });

  it('the form: mismatched numbers and a wrong file type are refused before anything is sent', async () => {
    signInForTest();
    const { variables, uploads } = serve('purchaser', { MyPayoutAccount: { data: { getBankAccountDetail: null } }, MyPayoutTimeline: { data: { getTxnList: { data: [] } } } });
    renderAppAt('/my-payout-details');
    await screen.findByRole('heading', { name: 'Bank details' }, { timeout: 5000 });
    await fill({ 'Account holder’s name': 'Ann Lee', 'Bank name': 'Grenada Co-operative Bank', 'Account number': '123456789', 'Confirm account number': '123456780', 'SWIFT or BIC code': 'gcblgdgd' });
    fireEvent.change(screen.getByLabelText(/^Account type/), { target: { value: 'SAVINGS' } });
    chooseFile(new File(['GIF89a'], 'leaf.gif', { type: 'image/gif' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByText('Account numbers do not match')).toBeTruthy();

    await fill({ 'Confirm account number': '1234-56789' });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByText('The cheque leaf must be a PNG, PDF, JPEG or JPG file')).toBeTruthy();
    expect(screen.queryByText('Account numbers do not match')).toBeNull();
    expect(variables.SaveBankAccountDetail).toBeUndefined();
    expect(uploads).toEqual([]);
  });

  it('saving: the waiting text, then "Bank details updated successfully"; the confirmation is never sent', async () => {
    signInForTest();
    let release: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (release = resolve));
    let saved = false;
    const { variables, uploads } = serve('purchaser', {
      MyPayoutAccount: () => ({ data: { getBankAccountDetail: saved ? account : null } }),
      MyPayoutTimeline: { data: { getTxnList: { data: [] } } },
      SaveBankAccountDetail: async () => {
        await waiting;
        saved = true;
        return { data: { saveBankAccountDetail: { accHolderName: 'Ann Lee', vuid: 'V1', message: 'Bank details updated successfully' } } };
      },
    });
    renderAppAt('/my-payout-details');
    await screen.findByRole('heading', { name: 'Bank details' }, { timeout: 5000 });
    await fill({ 'Account holder’s name': 'Ann Lee', 'Bank name': 'Grenada Co-operative Bank', 'Account number': '123456789', 'Confirm account number': '123456789', 'SWIFT or BIC code': 'gcblgdgd' });
    fireEvent.change(screen.getByLabelText(/^Account type/), { target: { value: 'SAVINGS' } });
    chooseFile(pdf());
    fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByText('Please wait while we update your payout details...')).toBeTruthy();
    release();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Woo hoo!')).toBeTruthy();
    expect(within(dialog).getByText('Bank details updated successfully')).toBeTruthy();
    expect(uploads).toEqual(['leaf.pdf']);
    expect(variables.SaveBankAccountDetail).toEqual([
      { input: { accHolderName: 'Ann Lee', bankName: 'Grenada Co-operative Bank', accountNo: '123456789', type: 'SAVINGS', swiftCode: 'GCBLGDGD', chequeLeafFileId: UPLOADED } },
    ]);
    expect(await screen.findByText('Grenada Co-operative Bank')).toBeTruthy();
  });

  it('a failed save shows the "Uh oh." dialog with the server’s sentence', async () => {
    signInForTest();
    serve('purchaser', {
      MyPayoutAccount: { data: { getBankAccountDetail: null } },
      MyPayoutTimeline: { data: { getTxnList: { data: [] } } },
      SaveBankAccountDetail: { data: null, errors: [{ message: 'bad', extensions: { code: 'BAD_USER_INPUT', display_message: 'One cheque leaf is required' } }] },
    });
    renderAppAt('/my-payout-details');
    await screen.findByRole('heading', { name: 'Bank details' }, { timeout: 5000 });
    await fill({ 'Account holder’s name': 'Ann Lee', 'Bank name': 'Grenada Co-operative Bank', 'Account number': '123456789', 'Confirm account number': '123456789', 'SWIFT or BIC code': 'GCBLGDGD' });
    fireEvent.change(screen.getByLabelText(/^Account type/), { target: { value: 'SAVINGS' } });
    chooseFile(pdf());
    fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Uh oh.')).toBeTruthy();
    expect(within(dialog).getByText('One cheque leaf is required')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Uh oh.')).toBeNull());
    // The form is still there with what was typed.
    expect((screen.getByLabelText(/^Bank name/) as HTMLInputElement).value).toBe('Grenada Co-operative Bank');
  });

  it('an update starts from the account on file and keeps its cheque leaf when no new file is chosen', async () => {
    signInForTest();
    const { variables, uploads } = serve('purchaser', {
      ...withAccount,
      SaveBankAccountDetail: { data: { saveBankAccountDetail: { accHolderName: 'Ann Lee', vuid: 'V1', message: 'Bank details updated successfully' } } },
    });
    renderAppAt('/my-payout-details');
    fireEvent.click(await screen.findByRole('button', { name: 'Update Bank details' }, { timeout: 5000 }));
    expect((screen.getByLabelText(/^Bank name/) as HTMLInputElement).value).toBe('Grenada Co-operative Bank');
    expect((screen.getByLabelText(/^Account type/) as HTMLSelectElement).value).toBe('SAVINGS');
    expect((screen.getByLabelText(/^Account number/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/Leave it empty to keep cheque\.pdf\./)).toBeTruthy();
    await fill({ 'Bank name': 'Republic Bank Grenada', 'Account number': '987654321', 'Confirm account number': '987654321' });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByText('Bank details updated successfully')).toBeTruthy();
    expect(uploads).toEqual([]);
    expect(variables.SaveBankAccountDetail).toEqual([
      { input: { accHolderName: 'Ann Lee', bankName: 'Republic Bank Grenada', accountNo: '987654321', type: 'SAVINGS', swiftCode: 'GCBLGDGD', chequeLeafFileId: account.chequeLeaf.id } },
    ]);
  });
});
