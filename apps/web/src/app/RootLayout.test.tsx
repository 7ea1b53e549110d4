import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testPageContent as pageContent } from './testFixtures';
import { renderAppAt, stubGraphQL, testAppConfig, setUpShellTests } from './testing';

setUpShellTests();

/** Page content, then the season: the two calls every page makes at start. */
const serve = () => stubGraphQL((operation) => (operation === 'PageContent' ? { data: { pageContent } } : { data: testAppConfig }));

describe('application shell', () => {
  it('shows the loading screen until page content arrives, then the page with header and footer', async () => {
    serve();
    renderAppAt('/terms');
    expect((await screen.findByRole('status')).textContent).toContain('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Product Info' }).getAttribute('href')).toBe('/product/fhp');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/sign-in');
    expect(screen.getByRole('contentinfo').textContent).toContain('support@fhp.example');
  });

  it('renders only an error state when page content fails', async () => {
    stubGraphQL(() => ({ data: null, errors: [{ message: 'down', extensions: { display_message: 'Service unavailable' } }] }));
    renderAppAt('/terms');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('Uh oh.');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Terms of Service' })).toBeNull();
  });

  it('caches the application configuration in session storage', async () => {
    serve();
    renderAppAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await vi.waitFor(() => expect(window.sessionStorage.getItem('fhp.appConfig.v1')).toContain('2027'), { timeout: 5000 });
  });

  it('sends an anonymous visitor of a signed-in route to sign-in', async () => {
    serve();
    renderAppAt('/my-payout-details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login to your account' })).toBeTruthy();
  });
});
