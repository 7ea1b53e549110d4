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

describe('a payout proved by its path to its storm evaluation (decision 174)', () => {
  const PAYOUT = '0190a000-0000-7000-8000-000000000007';
  const evaluation = { ...txn, kind: 'TRIGGER_EVENT', txnId: 'AL092004-gd-2004', value: null, data: { storm: 'AL092004', name: 'IVAN', country: 'gd', season: 2004, payoutRoot: 'd'.repeat(64), payoutLeaves: 4 } };
  const proof = {
    payoutId: PAYOUT,
    link: `https://fhp.example/explorer/payout/${PAYOUT}`,
    value: { cents: 1250000, formatted: 'EC$12,500.00' },
    record: { kind: 'PAYOUT_CREATED', txnId: PAYOUT, valueCents: 1250000, data: { policyNumber: 'FHP-GD-2004-000042', storm: 'AL092004', percent: 50, contractPercent: 50 } },
    leaf: '1'.repeat(64),
    entryRoot: 'd'.repeat(64),
    computedRoot: 'd'.repeat(64),
    status: 'VERIFIED',
    verified: true,
    reason: null,
    proof: { index: 2, leafCount: 4, path: [{ side: 'RIGHT', hash: '2'.repeat(64) }, { side: 'LEFT', hash: '3'.repeat(64) }] },
    entry: { hash: HASH, sequence: 7 },
  };
  const servePayout = (answer: unknown) =>
    stubGraphQL((operation) =>
      operation === 'PageContent' ? { data: { pageContent: testPageContent } }
      : operation === 'GetPayoutProof' ? { data: { getPayoutProof: answer } }
      : operation === 'GetBlockchianTxn' ? { data: { getBlockchianTxn: evaluation } }
      : { data: testAppConfig },
    );

  it('shows the payout verified, its record, its place among the evaluation’s payouts, the entry that holds its root and the checkpoint that proves it', async () => {
    servePayout(proof);
    renderAppAt(`/explorer/payout/${PAYOUT}`);
    // The first visit loads the page's chunk.
    const verdict = within(await screen.findByRole('region', { name: 'Payout verified' }, { timeout: 10_000 }));
    expect(await verdict.findByText('Proved by checkpoint 2.')).toBeTruthy();
    // Then its entry's own verdict.
    expect(screen.getByRole('heading', { name: 'Verified', level: 2 })).toBeTruthy();
    const path = within(screen.getByRole('region', { name: 'The payout and its path' }));
    const row = (term: string) => path.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(row('Amount')).toBe('EC$12,500.00');
    expect(row('Policy number')).toBe('FHP-GD-2004-000042');
    expect(row('Place')).toBe('Payout 3 of 4');
    expect(path.getByRole('link', { name: `The storm evaluation’s entry, hash ${HASH}` }).getAttribute('href')).toBe(`/explorer/${HASH}`);
    // Then the entry as any entry's page shows it.
    expect(screen.getByRole('heading', { name: 'The storm evaluation’s entry' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Overview' })).getByText('Payouts this evaluation created')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View in Blockchain Explorer' }).getAttribute('href')).toBe(proof.link);
  }, 15_000);

  it('says BROKEN, not proved, with the server’s reason, when the payout row no longer leads to the root', async () => {
    servePayout({ ...proof, computedRoot: '9'.repeat(64), status: 'BROKEN', verified: false, reason: "the payout's record does not lead to the Merkle root of entry 7" });
    renderAppAt(`/explorer/payout/${PAYOUT}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByRole('heading', { name: 'Payout broken: not proved' })).toBeTruthy();
    expect(alert.textContent).toContain("the payout's record does not lead to the Merkle root of entry 7");
  });
});
