// The holder's policy lists and detail through the real route table and shell, the server faked.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt, setUpShellTests, signInForTest, stubGraphQL, testAppConfig, testPageContent } from './testing';

const card = (n: number, status = 'EXPIRED') => ({
  policyId: `p${n}`,
  policyNumber: `FHP-GD-2025-00000${n}`,
  type: 'ACTUAL',
  status,
  productDefination: 'T',
  optionTitle: 'Option T: Tropical storm and up',
  countryName: 'Grenada',
  coverage: { formatted: 'EC$25,000.00' },
  createdAt: '2025-03-04T15:00:00.000Z',
  purchasedAt: '2025-03-04T15:00:00.000Z',
});

interface DetailOptions {
  type?: string;
  status?: string;
  payouts?: { id: string; percent: number; amount: { formatted: string }; status: string; paidOn: string | null; acknowledged: boolean }[];
  blockchainTxnURL?: string | null;
  cancellationPending?: boolean;
}

function detail({ type = 'PROVISIONAL', status = 'PAYMENT_PENDING', payouts = [], blockchainTxnURL = null, cancellationPending = false }: DetailOptions = {}) {
  return {
    policy: {
      policyId: 'pid-1',
      policyNumber: 'FHP-GD-2027-000042',
      type,
      status,
      optionTitle: 'Option 2: Category 2 and up',
      countryName: 'Grenada',
      seasonYear: 2027,
      coverage: { formatted: 'EC$25,000.00' },
      premium: { formatted: 'EC$2,470.00' },
      discountedPremium: null,
      createdAt: '2027-03-01T12:00:00.000Z',
      purchasedAt: '2027-03-01T12:00:00.000Z',
    },
    benificiaryDetail: null,
    useOfProceeds: [{ value: 'homeProtection', selected: true }],
    payments: {
      paymentState: null,
      paymentPlan: 'FULL',
      payable: { formatted: 'EC$2,470.00' },
      paid: { formatted: 'EC$0.00' },
      outstanding: { formatted: 'EC$2,470.00', cents: 247000 },
      refundDue: { formatted: 'EC$0.00', cents: 0 },
      minDue: { amount: { formatted: 'EC$0.00', cents: 0 }, dueDate: null, overdue: false },
      schedule: [],
      payments: [],
      contractUrl: null,
    },
    payouts,
    blockchainTxnURL,
    canCancel: type === 'PROVISIONAL' && status === 'PAYMENT_PENDING' && !cancellationPending,
    cancellationPending,
  };
}

const paidPayout = { id: 'po1', percent: 35, amount: { formatted: 'EC$8,750.00' }, status: 'PAID', paidOn: '2027-09-20', acknowledged: false };
const timeline = [{ id: 't1', action: 'Policy purchased', type: 'POLICY_PURCHASE_FLOW', when: Date.UTC(2027, 2, 1, 16), where: 'Customer portal', performedBy: { firstName: 'Ann', lastName: 'Lee' } }];
const failure = { data: null, errors: [{ message: 'down', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] };

/** Answers by operation name (a function answers at call time); records every call's variables. */
function serve(role: string, answers: Record<string, unknown>) {
  const variables: Record<string, unknown[]> = {};
  const stubbed = stubGraphQL((operation) => {
    const answer = answers[operation];
    if (answer !== undefined) return typeof answer === 'function' ? (answer as () => unknown)() : answer;
    switch (operation) {
      case 'PageContent':
        return { data: { pageContent: testPageContent } };
      case 'WhoAmI':
        return { data: { whoAmI: { signedIn: true, userId: 'u1', email: 'ann@fhp.example', role } } };
      case 'MyProfile':
        return { data: { getMyProfile: { vuid: 'V1', email: 'ann@fhp.example', firstName: 'Ann', lastName: 'Lee', fullName: 'Ann Lee', image: null, role } } };
      case 'PolicyTimeline':
        return { data: { getTxnList: { data: timeline } } };
      default:
        return { data: testAppConfig };
    }
  });
  const record = stubbed.fetchMock.getMockImplementation()!;
  stubbed.fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { query: string; variables?: unknown };
    const operation = /(?:query|mutation) (\w+)/.exec(body.query)?.[1] ?? '?';
    (variables[operation] ??= []).push(body.variables);
    return record(url, init);
  });
  return { ...stubbed, variables };
}

setUpShellTests();

describe('policy lists', () => {
  // Issue 19, item 15: a holder must never read "No Policies found" because the server failed (a
  // storm's peak load is when they look); the failure says so and Retry asks again.
  it.each([
    ['/my-policies/actual', 'Actual policies', 'No Policies found'],
    ['/my-policies/provisional', 'Provisional policies', 'No Policies found'],
    ['/my-policies/archived', 'Archived Policies', 'No Archived policies found yet - All Expired/Cancelled polices will display here'],
  ])('%s: a failed list says it could not be loaded, with Retry, never that there are no policies; Retry shows them', async (path, title, empty) => {
    signInForTest();
    let failing = true;
    const { variables } = serve('purchaser', {
      MyPolicies: () => (failing ? failure : { data: { getMyPolicies: { data: [card(7, 'ISSUED')], currentPage: 1, pageSize: 10, totalCount: 1, totalPages: 1 } } }),
    });
    renderAppAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your policies could not be loaded right now.');
    expect(screen.queryByRole('heading', { name: empty })).toBeNull();
    expect(screen.queryByText(empty)).toBeNull();
    expect(screen.queryByText('Purchase policy today to protect against Flexible Hurricane Protection')).toBeNull();

    failing = false;
    const asked = variables.MyPolicies!.length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('FHP-GD-2025-000007')).toBeTruthy();
    expect(variables.MyPolicies!.length).toBe(asked + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a list that loaded and then fails on another page says so too, instead of keeping the old page', async () => {
    signInForTest();
    let failing = false;
    serve('purchaser', {
      MyPolicies: () => (failing ? failure : { data: { getMyPolicies: { data: [card(1, 'ISSUED')], currentPage: 1, pageSize: 10, totalCount: 11, totalPages: 2 } } }),
    });
    renderAppAt('/my-policies/actual');
    expect(await screen.findByText('FHP-GD-2025-000001', {}, { timeout: 5000 })).toBeTruthy();
    failing = true;
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your policies could not be loaded right now.');
    expect(screen.queryByText('FHP-GD-2025-000001')).toBeNull();
  });

  it('archived: heading, refresh, filter by number, the loading and empty texts', async () => {
    signInForTest();
    let release: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (release = resolve));
    let empty = false;
    const { variables, fetchMock } = serve('purchaser', {
      MyPolicies: () => (empty ? { data: { getMyPolicies: { data: [], currentPage: 1, pageSize: 10, totalCount: 0, totalPages: 0 } } } : undefined),
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (String(init.body).includes('query MyPolicies')) {
        await waiting;
        empty = true;
      }
      return answer(url, init);
    });
    renderAppAt('/my-policies/archived');
    expect(await screen.findByRole('heading', { level: 1, name: 'Archived Policies' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Retrieving your Archived policies...')).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'No Archived policies found yet - All Expired/Cancelled polices will display here' })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Filter by policy number' }), { target: { value: ' fhp-gd-2025 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(variables.MyPolicies!.at(-1)).toEqual({ input: { list: 'ARCHIVED', skip: 0, limit: 10, policyNumber: 'fhp-gd-2025' } }));
    const before = variables.MyPolicies!.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(variables.MyPolicies!.length).toBe(before + 1));
  });

  it('archived: cards with the option title, the created date as DD/MM/YYYY and the number', async () => {
    signInForTest();
    serve('purchaser', { MyPolicies: { data: { getMyPolicies: { data: [card(1), card(2, 'CANCELED')], currentPage: 1, pageSize: 10, totalCount: 2, totalPages: 1 } } } });
    renderAppAt('/my-policies/archived');
    const number = await screen.findByText('FHP-GD-2025-000001', {}, { timeout: 5000 });
    const cards = within(number.closest('ul')!).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Option T: Tropical storm and up' })).toBeTruthy();
    expect(first.getByText('04/03/2025')).toBeTruthy();
    expect(first.getByText('FHP-GD-2025-000001')).toBeTruthy();
    expect(first.getByText('Expired')).toBeTruthy();
    expect(within(cards[1]!).getByText('Canceled')).toBeTruthy();
    expect(first.getByRole('link', { name: 'View details of policy FHP-GD-2025-000001' }).getAttribute('href')).toBe('/my-policies/archived/FHP-GD-2025-000001');
  });
});

/** The detail page's buttons, by name. */
async function buttonsOn(path: string, answer: ReturnType<typeof detail>) {
  signInForTest();
  // The payouts come on their own request (getMyPayouts, spec part 2 section 7), not in the detail.
  const { payouts, ...policyDetail } = answer;
  const served = serve('purchaser', {
    MyPolicyDetail: { data: { getMyPolicyDetail: policyDetail } },
    MyPayouts: { data: { getMyPayouts: { data: payouts, currentPage: 0, totalPages: 1 } } },
  });
  renderAppAt(path);
  await screen.findByRole('heading', { level: 1, name: answer.policy.optionTitle }, { timeout: 5000 });
  await waitFor(() => expect(served.calls).toContain('MyPayouts'));
  await waitFor(() => expect(screen.queryByText('Retrieving the payouts...')).toBeNull());
  const header = screen.getByRole('heading', { level: 1 }).parentElement!.parentElement!;
  const names = [...within(header).queryAllByRole('button'), ...within(header).queryAllByRole('link')].map((element) => element.textContent);
  return { names, served };
}

describe('policy detail buttons (spec part 2 section 4)', () => {
  it('cancel on a provisional view awaiting payment, and nothing else', async () => {
    const { names } = await buttonsOn('/my-policies/provisional/FHP-GD-2027-000042', detail());
    expect(names).toEqual(['Cancel policy']);
    expect(screen.queryByRole('button', { name: 'Acknowledge payout' })).toBeNull();
  });

  it.each(['CANCELED', 'EXPIRED'])('no cancel for a %s policy, even on a provisional view', async (status) => {
    const { names } = await buttonsOn('/my-policies/provisional/FHP-GD-2027-000042', detail({ status }));
    expect(names).toEqual([]);
  });

  it('no cancel while a request waits for review; the page says so', async () => {
    const { names } = await buttonsOn('/my-policies/provisional/FHP-GD-2027-000042', detail({ cancellationPending: true }));
    expect(names).toEqual([]);
    expect(screen.getByText('A cancellation request for this policy is waiting for review.')).toBeTruthy();
  });

  it('an issued actual policy: the blockchain view (its ledger link) and the tracker, no cancel or acknowledge', async () => {
    const { names } = await buttonsOn('/my-policies/actual/FHP-GD-2027-000042', detail({ type: 'ACTUAL', status: 'ISSUED', blockchainTxnURL: '/explorer/ab12' }));
    expect(names).toEqual(['View in Blockchain Explorer', 'Tropical Cyclone Tracker']);
    expect(screen.getByRole('link', { name: 'View in Blockchain Explorer' }).getAttribute('href')).toBe('/explorer/ab12');
    expect(screen.getByRole('link', { name: 'Tropical Cyclone Tracker' }).getAttribute('href')).toBe('/my-policies/actual/weather-analytics/FHP-GD-2027-000042');
  });

  it('an actual policy without a ledger link: the tracker only', async () => {
    const { names } = await buttonsOn('/my-policies/actual/FHP-GD-2027-000042', detail({ type: 'ACTUAL', status: 'ISSUED' }));
    expect(names).toEqual(['Tropical Cyclone Tracker']);
  });

  it('an archived actual policy: the blockchain view and the tracker, on its cover term, leading back to the archive (issue 20 item 5)', async () => {
    const { names } = await buttonsOn('/my-policies/archived/FHP-GD-2027-000042', detail({ type: 'ACTUAL', status: 'EXPIRED', blockchainTxnURL: '/explorer/ab12' }));
    expect(names).toEqual(['View in Blockchain Explorer', 'Tropical Cyclone Tracker']);
    expect(screen.getByRole('link', { name: 'Tropical Cyclone Tracker' }).getAttribute('href')).toBe('/my-policies/actual/weather-analytics/FHP-GD-2027-000042?month=2027-06&from=archived');
  });

  it('acknowledge only for a PAID payout not yet acknowledged; the wire-transfer sentence; "Payment receipt confirmed"', async () => {
    const { served } = await buttonsOn(
      '/my-policies/actual/FHP-GD-2027-000042',
      detail({ type: 'ACTUAL', status: 'PAYOUT_CONFIRMATION', payouts: [paidPayout, { ...paidPayout, id: 'po0', acknowledged: true }] }),
    );
    expect(await screen.findAllByRole('button', { name: 'Acknowledge payout' })).toHaveLength(1);
    expect(served.variables.MyPayouts).toContainEqual({ input: { where: { policyId: { equals: 'FHP-GD-2027-000042' } }, skip: 0, limit: 50 } });
    expect(screen.getByText('I confirm that I received the payout of EC$8,750.00 by wire transfer on 20/09/2027.')).toBeTruthy();
    served.fetchMock.mockClear();
    const answer = served.fetchMock.getMockImplementation()!;
    served.fetchMock.mockImplementation(async (url: string, init: RequestInit) =>
      String(init.body).includes('mutation AcknowledgeMyPayout')
        ? new Response(JSON.stringify({ data: { acknowledgePayout: { message: 'Payment receipt confirmed' } } }), { headers: { 'content-type': 'application/json' } })
        : answer(url, init),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge payout' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Woo hoo!')).toBeTruthy();
    expect(within(dialog).getByText('Payment receipt confirmed')).toBeTruthy();
    expect(JSON.parse(String(served.fetchMock.mock.calls.find(([, init]) => String(init.body).includes('AcknowledgeMyPayout'))![1].body)).variables).toEqual({ payoutIds: ['po1'] });
  });

  it('no acknowledge when every payout is acknowledged, or none is paid', async () => {
    await buttonsOn('/my-policies/actual/FHP-GD-2027-000042', detail({ type: 'ACTUAL', status: 'EVENT_MONITORING', payouts: [{ ...paidPayout, acknowledged: true }, { ...paidPayout, id: 'po2', status: 'PENDING', paidOn: null }] }));
    expect(screen.queryByRole('button', { name: 'Acknowledge payout' })).toBeNull();
  });

  it('cancelling: the reason is required, then the waiting text, the confirmation and the dialog', async () => {
    const { served } = await buttonsOn('/my-policies/provisional/FHP-GD-2027-000042', detail());
    let release: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (release = resolve));
    const answer = served.fetchMock.getMockImplementation()!;
    served.fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (!String(init.body).includes('mutation CancelMyPolicy')) return answer(url, init);
      await waiting;
      return new Response(JSON.stringify({ data: { cancelPolicy: { policyNumber: 'FHP-GD-2027-000042', policyId: 'pid-1' } } }), { headers: { 'content-type': 'application/json' } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel policy' }));
    const form = await screen.findByRole('dialog', { name: 'Cancel policy' });
    fireEvent.click(within(form).getByRole('button', { name: 'Request cancellation' }));
    expect(await within(form).findByText('Reason is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Reason for cancellation'), { target: { value: 'I sold the house' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request cancellation' }));
    expect(await screen.findByText('Please wait while we cancel your policy...')).toBeTruthy();
    release();
    expect(await screen.findByText('Cancellation request sent')).toBeTruthy();
    expect(screen.getByText('Thank you, your policy cancellation request sent successfully.')).toBeTruthy();
  });
});

describe('the policy timeline is the caller’s own', () => {
  it.each([
    ['purchaser', '/my-policies/provisional/FHP-GD-2027-000042'],
    ['teller', '/my-policies/actual/FHP-GD-2027-000042'],
    ['admin', '/my-policies/archived/FHP-GD-2027-000042'],
  ])('%s: asks for the caller’s account id only and shows the entries', async (role, path) => {
    signInForTest();
    const { variables } = serve(role, { MyPolicyDetail: { data: { getMyPolicyDetail: detail({ type: 'ACTUAL', status: role === 'admin' ? 'EXPIRED' : 'ISSUED' }) } } });
    renderAppAt(path);
    expect(await screen.findByText('Policy purchased', {}, { timeout: 5000 })).toBeTruthy();
    expect(variables.PolicyTimeline).toEqual([
      {
        input: {
          limit: 100,
          where: { txnOwner: { equals: 'V1' }, type: { in: ['POLICY_PURCHASE_FLOW', 'KYC_SUBMISSION'] }, txnSetId: { in: ['FHP-GD-2027-000042', null] } },
        },
      },
    ]);
    expect(screen.queryByText('Uh oh.')).toBeNull();
  });

  it('a refused timeline says so in its section; the policy stays on screen', async () => {
    signInForTest();
    serve('teller', {
      MyPolicyDetail: { data: { getMyPolicyDetail: detail({ type: 'ACTUAL', status: 'ISSUED' }) } },
      PolicyTimeline: { data: null, errors: [{ message: 'no', extensions: { code: 'FORBIDDEN', display_message: 'You are not allowed to do this.' } }] },
    });
    renderAppAt('/my-policies/actual/FHP-GD-2027-000042');
    expect(await screen.findByText('The timeline could not be loaded right now. Please try again later.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Option 2: Category 2 and up' })).toBeTruthy();
    expect(screen.queryByText('Uh oh.')).toBeNull();
  });
});
