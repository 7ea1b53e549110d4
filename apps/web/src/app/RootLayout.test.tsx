import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './queryClient';
import { routes } from './router';

const pageContent = {
  brand: { name: 'Flexible Hurricane Protection', title: 'FHP', logo: '/brand/fhp-logo.svg', productId: 'fhp' },
  navigation: [
    { label: 'View Product Info', path: '/product/fhp', kind: 'link' },
    { label: 'Login', path: '/sign-in', kind: 'button' },
  ],
  routes: [],
  sidebarItems: [],
  footer: [{ title: 'Other Links', links: [{ label: 'Terms', href: '/terms' }] }],
  contact: { email: 'support@fhp.example', phone: '+1 473 555 0142', address: 'St. George’s, Grenada' },
  breadcrumbs: [],
};
const season = { year: 2027, coverStart: '2027-06-01', coverEnd: '2028-05-31', paymentDeadline: '2027-05-31', purchaseWindowOpen: true, nextSeasonYear: 2028 };

/** The real shell and route table against a stubbed network: only the server is faked. */
function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function stubGraphQL(answer: (query: string) => unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const { query } = JSON.parse(String(init.body)) as { query: string };
      return new Response(JSON.stringify(answer(query)), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.scrollTo = vi.fn();
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('application shell', () => {
  it('shows the loading screen until page content arrives, then the page with header and footer', async () => {
    stubGraphQL((query) => (query.includes('pageContent') ? { data: { pageContent } } : { data: { currentSeason: season } }));
    renderAt('/terms');
    expect((await screen.findByRole('status')).textContent).toContain('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Product Info' }).getAttribute('href')).toBe('/product/fhp');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/sign-in');
    expect(screen.getByRole('contentinfo').textContent).toContain('support@fhp.example');
  });

  it('renders only an error state when page content fails', async () => {
    stubGraphQL(() => ({ data: null, errors: [{ message: 'down', extensions: { display_message: 'Service unavailable' } }] }));
    renderAt('/terms');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('Uh oh.');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Terms of Service' })).toBeNull();
  });

  it('caches the application configuration in session storage', async () => {
    stubGraphQL((query) => (query.includes('pageContent') ? { data: { pageContent } } : { data: { currentSeason: season } }));
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await vi.waitFor(() => expect(window.sessionStorage.getItem('fhp.appConfig.v1')).toContain('2027'));
  });

  it('sends an anonymous visitor of a signed-in route to sign-in', async () => {
    stubGraphQL((query) => (query.includes('pageContent') ? { data: { pageContent } } : { data: { currentSeason: season } }));
    renderAt('/my-payout-details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login to your account' })).toBeTruthy();
  });
});
