// The blockchain transaction detail (spec part 2) through the real route table, the server faked.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt, setUpShellTests, stubGraphQL, testAppConfig, testPageContent } from './testing';

const HASH = 'a'.repeat(64);
const LINK = `https://fhp.example/explorer/${HASH}`;
const txn = {
  hash: HASH,
  txnLink: LINK,
  txnId: 'FHP-GD-2027-000042',
  status: 'CONFIRMED',
  from: 'fhp:cover',
  to: 'acct:0123456789abcdef',
  value: { cents: 247000, formatted: 'EC$2,470.00' },
  timestamp: '2027-06-15T14:30:00.000Z',
  kind: 'POLICY_ISSUED',
  sequence: 7,
  prevHash: 'b'.repeat(64),
  prevTxnLink: `https://fhp.example/explorer/${'b'.repeat(64)}`,
  payloadHash: 'c'.repeat(64),
  payload: '{}',
  data: { policyNumber: 'FHP-GD-2027-000042', country: 'gd', option: '2', seasonYear: 2027, premiumPaidCents: 252300 },
  stormName: null,
  appendedAt: '2027-06-15T14:30:00.000Z',
  block: { number: 2, firstSequence: 5, lastSequence: 8, entryCount: 4, merkleRoot: 'd'.repeat(64), prevBlockHash: 'e'.repeat(64), hash: 'f'.repeat(64), sealedAt: '2027-06-15T14:30:10.000Z' },
  proof: { index: 2, leafCount: 4, path: [] },
  checkpoint: {
    block: 2,
    lastSequence: 8,
    blockHash: 'f'.repeat(64),
    keyId: '0123456789abcdef',
    signature: 'sig'.repeat(20),
    signedAt: '2027-06-15T14:30:11.000Z',
    listUrl: 'https://fhp.example/api/v1/ledger/checkpoints',
    keyUrl: 'https://fhp.example/api/v1/ledger/checkpoint-key',
  },
  verification: { status: 'VERIFIED', verified: true, checkedEntries: 7, brokenAtSequence: null, brokenAtBlock: null, reason: null },
};

function serve(answer: () => unknown) {
  return stubGraphQL((operation) =>
    operation === 'PageContent' ? { data: { pageContent: testPageContent } }
    : operation === 'GetBlockchianTxn' ? answer()
    : { data: testAppConfig },
  );
}

setUpShellTests();

describe('blockchain transaction detail', () => {
  it('hero image, the primary "View in Blockchain Explorer" button and a QR code of the same link, the overview', async () => {
    serve(() => ({ data: { getBlockchianTxn: txn } }));
    renderAppAt(`/explorer/${HASH}`);
    expect(await screen.findByText('Retrieving Transaction detail...', {}, { timeout: 5000 })).toBeTruthy();
    const button = await screen.findByRole('link', { name: 'View in Blockchain Explorer' });
    expect(button.getAttribute('href')).toBe(LINK);
    expect(button.className).toContain('btn');
    const hero = screen.getByRole('region', { name: 'Transaction proof' });
    expect(within(hero).getByRole('img', { name: 'Entries of the proof ledger, each sealed to the one before it' })).toBeTruthy();
    expect(within(hero).getByText(/June 15, 2027/)).toBeTruthy();

    const qr = screen.getByRole('img', { name: 'QR code of this page’s link' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // The same link is printed under the code.
    expect(within(screen.getByRole('region', { name: 'Share this proof' })).getByText(LINK)).toBeTruthy();

    const overview = within(screen.getByRole('region', { name: 'Overview' }));
    const row = (term: string) => overview.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(row('Transaction ID')).toBe('FHP-GD-2027-000042');
    expect(row('Hash')).toBe(HASH);
    expect(row('Status')).toMatch(/^Confirmed/);
    // Long date in the islands' time (UTC-4).
    expect(row('Timestamp')).toBe('June 15, 2027 at 10:30 AM AST');
    expect(row('Amount')).toBe('EC$2,470.00');
    // The details in words (issue 20 item 4): the island, the option's label, EC$; the raw record under Technical details.
    expect(row('Country')).toBe('Grenada');
    expect(row('Option')).toBe('Option 2: Category 2 and above');
    expect(row('Premium paid')).toBe('EC$2,523.00');
    expect(overview.queryByText('Premium paid cents')).toBeNull();
  });

  it('a payout names its storm by name with the id', async () => {
    serve(() => ({ data: { getBlockchianTxn: { ...txn, kind: 'PAYOUT_CREATED', data: { policyNumber: 'FHP-GD-2027-000042', storm: 'AL052026', percent: 35, contractPercent: 35 }, stormName: 'JANET EXERCISE' } } }));
    renderAppAt(`/explorer/${HASH}`);
    const overview = within(await screen.findByRole('region', { name: 'Overview' }, { timeout: 5000 }));
    expect(overview.getByText('Storm', { selector: 'dt' }).nextElementSibling!.textContent).toBe('Janet exercise (AL052026)');
    expect(overview.getByText('Share paid', { selector: 'dt' }).nextElementSibling!.textContent).toBe('35% of the coverage');
  });

  it('says which signed checkpoint proves the entry, with a link to the public list (issue 19 item 17)', async () => {
    serve(() => ({ data: { getBlockchianTxn: txn } }));
    renderAppAt(`/explorer/${HASH}`);
    const checked = within(await screen.findByRole('region', { name: 'How this was checked' }, { timeout: 5000 }));
    expect(checked.getByText('Proved by checkpoint 2.')).toBeTruthy();
    expect(checked.getByRole('link', { name: 'public checkpoint list' }).getAttribute('href')).toBe('https://fhp.example/api/v1/ledger/checkpoints');
  });

  it('an unknown hash: "Transaction not found", and no explorer button', async () => {
    serve(() => ({ data: null, errors: [{ message: 'nf', extensions: { code: 'NOT_FOUND', display_message: 'No transaction has this hash.' } }] }));
    renderAppAt(`/explorer/${HASH}`);
    expect(await screen.findByRole('heading', { name: 'Transaction not found' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('No transaction has this hash.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View in Blockchain Explorer' })).toBeNull();
  });
});
