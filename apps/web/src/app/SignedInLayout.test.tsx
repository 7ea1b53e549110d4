import { SESSION_STORAGE_KEY } from '@fhp/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAppAt, signInForTest as signIn, stubGraphQL, testAppConfig, setUpShellTests } from './testing';

const sidebarItems = [
  { key: 'myAccount', title: 'My Account', icon: 'person-circle', path: '/my-account', children: [] },
  { key: 'myPayoutDetails', title: 'My Payout Details', icon: 'bank', path: '/my-payout-details', children: [] },
  {
    key: 'myPolicies',
    title: 'My Policies',
    icon: 'file-earmark-text',
    path: null,
    children: [
      { key: 'provisionalPolicies', title: 'Provisional', icon: 'hourglass-split', path: '/my-policies/provisional' },
      { key: 'actualPolicies', title: 'Actual', icon: 'shield-check', path: '/my-policies/actual' },
      { key: 'archivedPolicies', title: 'Archived', icon: 'archive', path: '/my-policies/archived' },
    ],
  },
];
const pageContent = {
  brand: { name: 'Flexible Hurricane Protection', title: 'FHP', logo: '/brand/fhp-logo.svg', productId: 'fhp' },
  navigation: [{ label: 'Login', path: '/sign-in', kind: 'button' }],
  routes: [],
  sidebarItems,
  footer: [],
  contact: { email: 'support@fhp.example', phone: '+1', address: 'Grenada' },
  breadcrumbs: [
    { segment: 'my-policies', label: 'My Policies' },
    { segment: 'provisional', label: 'Provisional' },
    { segment: 'my-account', label: 'My Account' },
  ],
};
/** The real routes against a faked /graphql; `profile` null makes getMyProfile fail. */
function stub(role: string, profile: object | null = { vuid: 'V1', email: 'ann@fhp.example', firstName: 'aNN', lastName: 'LEE', fullName: null, image: null, role }) {
  return stubGraphQL((operation) =>
    operation === 'PageContent' ? { data: { pageContent } }
    : operation === 'WhoAmI' ? { data: { whoAmI: { signedIn: true, userId: 'u1', email: 'ann@fhp.example', role } } }
    : operation === 'MyProfile' ? (profile ? { data: { getMyProfile: profile } } : { data: null, errors: [{ message: 'down' }] })
    : { data: testAppConfig },
  );
}

setUpShellTests();

describe('signed-in shell', () => {
  it('shows brand, sidebar, user and breadcrumbs around the page, loading role before profile', async () => {
    const token = signIn();
    const { calls, fetchMock } = stub('purchaser');
    renderAppAt('/my-policies/provisional');
    expect(await screen.findByRole('heading', { level: 1, name: 'Provisional policies' })).toBeTruthy();
    const sidebar = screen.getByRole('navigation', { name: 'Account' });
    expect(within(sidebar).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['My Account', '/my-account'],
      ['My Payout Details', '/my-payout-details'],
      ['Provisional', '/my-policies/provisional'],
      ['Actual', '/my-policies/actual'],
      ['Archived', '/my-policies/archived'],
    ]);
    expect(screen.getByText('FHP')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    // "My Policies" heads the sidebar's group but is no page: a crumb in words, not a link to NotFound.
    expect(within(crumbs).getByText('My Policies')).toBeTruthy();
    expect(within(crumbs).queryByRole('link', { name: 'My Policies' })).toBeNull();
    expect(within(crumbs).getByText('Provisional').getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    expect(screen.getByTestId('avatar-initials').dataset.initials).toBe('AL');
    // Role first, then the profile; both with the bearer token.
    expect(calls.indexOf('WhoAmI')).toBeLessThan(calls.indexOf('MyProfile'));
    const whoAmICall = fetchMock.mock.calls.find(([, init]) => String(init.body).includes('whoAmI'));
    expect((whoAmICall?.[1].headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
  });

  it('/my-policies (the sidebar group, typed by hand) opens the actual list, not NotFound', async () => {
    signIn();
    stub('purchaser');
    const router = renderAppAt('/my-policies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Actual policies' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-policies/actual');
    expect(screen.queryByRole('heading', { name: /not found/i })).toBeNull();
  });

  it('a failed who-am-I keeps the shell (menu, breadcrumbs, user) and shows the error dialog with Retry (issue 20 item 5)', async () => {
    signIn();
    let whoAmIFails = true;
    stubGraphQL((operation) =>
      operation === 'PageContent' ? { data: { pageContent } }
      : operation === 'WhoAmI'
        ? whoAmIFails ? { data: null, errors: [{ message: 'down', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } : { data: { whoAmI: { signedIn: true, userId: 'u1', email: 'ann@fhp.example', role: 'purchaser' } } }
      : operation === 'MyProfile' ? { data: { getMyProfile: { vuid: 'V1', email: 'ann@fhp.example', firstName: 'Ann', lastName: 'Lee', fullName: null, image: null, role: 'purchaser' } } }
      : { data: testAppConfig },
    );
    renderAppAt('/my-policies/provisional');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText('Uh oh.')).toBeTruthy();
    // The shell stays: the menu of the role this device signed in with, and the breadcrumbs.
    expect(within(screen.getByRole('navigation', { name: 'Account', hidden: true })).getAllByRole('link', { hidden: true }).length).toBeGreaterThan(0);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb', hidden: true })).toBeTruthy();
    whoAmIFails = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Provisional policies' }, { timeout: 5000 })).toBeTruthy();
  });

  it('falls back to the session user for the name when the profile fails', async () => {
    signIn();
    stub('purchaser', null);
    renderAppAt('/my-account');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
  });

  it('shows "Not allowed" to a signed-in role without the screen ability', async () => {
    signIn([]);
    stub('admin');
    // Admins read MyPoliciesDetail, not ProvisionalPolicyDetail (the spec's table as written).
    renderAppAt('/my-policies/provisional/FHP-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Provisional policy' })).toBeNull();
  });

  it('shows "Not allowed" for every screen to a role with no abilities, and hides nothing from the sidebar by default', async () => {
    signIn([]);
    stub('holder');
    renderAppAt('/my-account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
  });

  it('logout clears both storages and opens the product landing page; other items say "Coming soon!"', async () => {
    signIn();
    window.localStorage.setItem('something', '1');
    stub('purchaser');
    const router = renderAppAt('/my-account');
    await screen.findByRole('heading', { level: 1, name: 'My Account' });
    fireEvent.click(screen.getByRole('button', { name: /, your account$/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'My Profile' }));
    expect(router.state.location.pathname).toBe('/my-account');
    fireEvent.click(screen.getByRole('button', { name: /, your account$/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    // The landing's lazy chunk may take more than waitFor's default second on a busy machine.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/product/fhp'), { timeout: 5000 });
  });
});
