import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { bankAccounts, transactionLog } from '../src/db/schema';
import { createAccountCipher } from '../src/modules/bank/account-cipher';
import { describeApp } from './harness';
import { elfBytes, postFile, uploadProof } from './files-helpers';
import { gqlAs, tokenFor, userId } from './identity-helpers';

const SAVE = 'mutation Save($input: BankAccountInput!) { saveBankAccountDetail(input: $input) { accHolderName vuid message } }';
const GET = '{ getBankAccountDetail { accHolderName bankName accountNo type swiftCode chequeLeaf { url name fileType } } }';
const display = (body: { errors?: { extensions?: { display_message?: string } }[] }) => body.errors?.[0]?.extensions?.display_message;

describeApp('my payout details: bank account saved encrypted, shown masked, logged as BANK_DETAIL', (suite) => {
  const tokens = {} as Record<'a' | 'b', string>;
  beforeAll(async () => {
    tokens.a = await tokenFor(suite.app, 'purchaser@fhp.example');
    tokens.b = await tokenFor(suite.app, 'purchaser.b@fhp.example');
  });

  const input = (patch: Record<string, unknown> = {}) => ({
    accHolderName: 'Alicia Charles',
    bankName: 'Grenada Co-operative Bank',
    accountNo: '1002 0030 0456',
    type: 'SAVINGS',
    swiftCode: 'gcbkgdgd',
    ...patch,
  });

  it('refuses every bad field with its sentence and stores nothing', async () => {
    const { app } = suite;
    const leaf = await uploadProof(app, tokens.a, 'CHEQUE_LEAF');
    const cases: [Record<string, unknown>, string][] = [
      [{ accHolderName: ' ' }, "Account holder's name is required"],
      [{ bankName: '' }, 'Bank name is required'],
      [{ accountNo: '' }, 'Account number is required'],
      [{ accountNo: '12!' }, 'Account number must be 4 to 34 letters or digits'],
      [{ type: 'GOLD' }, 'Account type is required'],
      [{ swiftCode: '' }, 'SWIFT or BIC code is required'],
      [{ swiftCode: 'GCBK1234' }, 'SWIFT or BIC code must be 8 or 11 characters: bank (4 letters), country (2 letters), location (2), optional branch (3)'],
      [{ swiftCode: 'GCBKGDGDX' }, 'SWIFT or BIC code must be 8 or 11 characters: bank (4 letters), country (2 letters), location (2), optional branch (3)'],
      [{ chequeLeafFileId: 'nope' }, 'One cheque leaf is required'],
      [{ chequeLeafFileId: null }, 'One cheque leaf is required'],
    ];
    for (const [patch, message] of cases) {
      const answer = await gqlAs(app, tokens.a, SAVE, { input: input({ chequeLeafFileId: leaf.id, ...patch }) });
      expect(answer.status).toBe(200);
      expect(display(answer.body), JSON.stringify(patch)).toBe(message);
    }
    // A proof uploaded for KYC, and B's cheque leaf, are not A's cheque leaf.
    const idProof = await uploadProof(app, tokens.a, 'ID_PROOF');
    expect(display((await gqlAs(app, tokens.a, SAVE, { input: input({ chequeLeafFileId: idProof.id }) })).body)).toBe('One cheque leaf is required');
    const ofB = await uploadProof(app, tokens.b, 'CHEQUE_LEAF');
    expect(display((await gqlAs(app, tokens.a, SAVE, { input: input({ chequeLeafFileId: ofB.id }) })).body)).toBe('One cheque leaf is required');
    // A cheque leaf of the wrong type never becomes a file.
    const wrong = await postFile(app, tokens.a, [{ name: 'purpose', value: 'CHEQUE_LEAF' }, { name: 'file', filename: 'cheque.png', contentType: 'image/png', data: elfBytes() }]);
    expect(wrong.status).toBe(415);
    expect(await app.db.$count(bankAccounts)).toBe(0);
  });

  it('saves, shows the number masked, keeps it only encrypted, logs it without the number; B sees none of it', async () => {
    const { app } = suite;
    const leaf = await uploadProof(app, tokens.a, 'CHEQUE_LEAF', { filename: 'cheque.pdf', contentType: 'application/pdf', data: (await import('./files-helpers')).pdfBytes() });
    const saved = await gqlAs<{ saveBankAccountDetail: { message: string; accHolderName: string; vuid: string } }>(app, tokens.a, SAVE, { input: input({ chequeLeafFileId: leaf.id }) });
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data!.saveBankAccountDetail).toMatchObject({ message: 'Bank details updated successfully', accHolderName: 'Alicia Charles' });
    expect(saved.body.data!.saveBankAccountDetail.vuid).not.toBe('');

    const view = await gqlAs<{ getBankAccountDetail: Record<string, unknown> }>(app, tokens.a, GET);
    expect(view.body.data!.getBankAccountDetail).toEqual({
      accHolderName: 'Alicia Charles',
      bankName: 'Grenada Co-operative Bank',
      accountNo: '•••• 0456',
      type: 'SAVINGS',
      swiftCode: 'GCBKGDGD',
      chequeLeaf: { url: `/api/v1/files/${leaf.id}`, name: 'cheque.pdf', fileType: 'application/pdf' },
    });
    const a = await userId(app, 'purchaser@fhp.example');
    const [row] = await app.db.select().from(bankAccounts).where(eq(bankAccounts.ownerId, a));
    expect(row!.accountNoCipher).not.toContain('100200300456');
    expect(createAccountCipher('test-bank-key-0123456789abcdef0123456789ab').open(row!.accountNoCipher)).toBe('100200300456');
    const log = await app.db.select().from(transactionLog).where(eq(transactionLog.ownerId, a));
    const bank = log.filter((entry) => entry.type === 'BANK_DETAIL');
    expect(bank.map((entry) => entry.action)).toEqual(['Bank details added']);
    expect(JSON.stringify(bank)).not.toContain('100200300456');

    // B has none, and reads none of A's.
    expect((await gqlAs(app, tokens.b, GET)).body.data).toEqual({ getBankAccountDetail: null });
    // The timeline as the spec asks it.
    const timeline = await gqlAs<{ getTxnList: { data: { action: string }[] } }>(
      app,
      tokens.a,
      'query T($vuid: String!) { getTxnList(input: { where: { performedBy: { equals: $vuid } , type: { in: ["BANK_DETAIL"] } } }) { data { action } } }',
      { vuid: saved.body.data!.saveBankAccountDetail.vuid },
    );
    expect(timeline.body.data!.getTxnList.data.map((entry) => entry.action)).toEqual(['Bank details added']);

    // An update keeping the same cheque leaf.
    const again = await gqlAs(app, tokens.a, SAVE, { input: input({ chequeLeafFileId: leaf.id, accountNo: '777788889999', type: 'CHEQUING' }) });
    expect(again.body.errors).toBeUndefined();
    expect((await gqlAs<{ getBankAccountDetail: { accountNo: string; type: string } }>(app, tokens.a, GET)).body.data!.getBankAccountDetail).toMatchObject({ accountNo: '•••• 9999', type: 'CHEQUING' });
    expect(await app.db.$count(bankAccounts)).toBe(1);
  });
});
