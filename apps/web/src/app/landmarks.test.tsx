import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAppAt, signInForTest, stubGraphQL, testAppConfig, testPageContent, setUpShellTests } from './testing';

/*
 * Exactly one main landmark in every state: loading, a page, a page that throws inside each
 * layout (the error sits in the layout's <main>), and a shell that cannot start (its own <main>).
 * Pages that throw are the only fakes besides the network.
 */
vi.mock('../features/legal/TermsPage', () => ({
  TermsPage: () => {
    throw new Error('page failed');
  },
}));
vi.mock('../features/placeholder/PlaceholderPage', () => ({
  PlaceholderPage: () => {
    throw new Error('page failed');
  },
}));
vi.mock('../features/my-account/MyAccountPage', () => ({
  MyAccountPage: () => {
    throw new Error('page failed');
  },
}));


function serve() {
  stubGraphQL((operation) =>
    operation === 'PageContent' ? { data: { pageContent: testPageContent } }
    : operation === 'WhoAmI' ? { data: { whoAmI: { signedIn: true, userId: 'u1', email: 'ann@fhp.example', role: 'purchaser' } } }
    : operation === 'MyProfile' ? { data: null, errors: [{ message: 'down' }] }
    : { data: testAppConfig },
  );
}

setUpShellTests();

describe('main landmark', () => {
  it('is one while loading and one on a page', async () => {
    serve();
    renderAppAt('/privacy');
    await screen.findByRole('status');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    await screen.findByRole('heading', { level: 1, name: 'Privacy Statement' });
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('is one when a public page throws: the error sits inside the layout, header kept', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the thrown error
    serve();
    renderAppAt('/terms');
    const alert = await screen.findByRole('alert');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('main').contains(alert)).toBe(true);
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('is one when a signed-in page throws: the error sits inside the shell, sidebar kept', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signInForTest();
    serve();
    renderAppAt('/my-account');
    const alert = await screen.findByRole('alert');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('main').contains(alert)).toBe(true);
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeTruthy();
  });

  it('is one when the shell cannot start', async () => {
    stubGraphQL(() => ({ data: null, errors: [{ message: 'down' }] }));
    renderAppAt('/terms');
    await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
