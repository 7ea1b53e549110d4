import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt, setUpShellTests, stubGraphQL, testAppConfig, testPageContent } from './testing';

setUpShellTests();

const products = [{ id: 'fhp', name: 'Flexible Hurricane Protection', tagline: 'Cover', description: 'Cover', logo: null, path: '/product/fhp' }];

function serve() {
  return stubGraphQL((operation) =>
    operation === 'PageContent' ? { data: { pageContent: testPageContent } }
    : operation === 'Products' ? { data: { products } }
    : operation === 'GetFAQ' ? { data: { getFAQ: [] } }
    : { data: testAppConfig },
  );
}

/** A purchase stored in session storage at `step`, as the flow keeps it across reloads. */
function storedPurchaseAt(step: string) {
  window.sessionStorage.setItem(
    'fhp.purchase.v1',
    JSON.stringify({ step, country: 'dm', coverage: 25000, option: null, kycForm: null, kycDone: false, terms: null, policyHolder: null, useOfProceeds: [], paymentPlan: null, paymentChannel: null, idempotencyKey: null, result: null }),
  );
}

describe('routes under an unknown product', () => {
  it.each(['/product/other', '/product/other/faq', '/product/other/buy'])('%s shows NotFound', async (path) => {
    serve();
    renderAppAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Buy Flexible Hurricane Protection|FAQ/ })).toBeNull();
  });

  it.each(['country', 'options', 'kyc', 'payment'])('/product/other/buy shows NotFound with a purchase stored at the %s step', async (step) => {
    storedPurchaseAt(step);
    serve();
    renderAppAt('/product/other/buy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Purchase steps' })).toBeNull();
  });

  it('opens the purchase flow of a listed product', async () => {
    const { calls } = serve();
    renderAppAt('/product/fhp/buy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy Flexible Hurricane Protection' }, { timeout: 5000 })).toBeTruthy();
    expect(calls).toContain('Products');
  });
});
