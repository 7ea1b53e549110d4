// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { testPageContent as pageContent, testRoles as roles, testSeason as currentSeason } from './app/testFixtures';
import { isPrerendered, render } from './entry-server';

/* The prerender as the server runs it: in Node, no DOM, from the initial data the page carries. */

const landing = {
  productId: 'fhp',
  title: 'Flexible Hurricane Protection',
  subtitle: 'Parametric cover',
  heroText: 'Paid automatically when a storm passes close.',
  howItWorks: [{ title: 'Choose', text: 'Pick your cover.' }],
  lifecycle: ['Provisional policy created', 'Payment completed'],
  payoutIntro: 'The payout is a share of your coverage.',
  faqTeaser: [{ title: 'Do I file a claim?', content: 'No.' }],
  supportEmail: 'support@fhp.example',
  supportPhone: '+1 473 555 0142',
};
const data = {
  pageContent,
  currentSeason,
  roles,
  products: [{ id: 'fhp', name: 'Flexible Hurricane Protection', tagline: 'Cover', description: 'Parametric cover.', logo: null, path: '/product/fhp' }],
  landingContent: { fhp: landing },
  getFAQ: { END_USER: [{ title: 'General', dashboard: 'END_USER', queAns: [{ title: 'What is FHP?', content: 'Parametric cover.' }] }] },
};

describe('the prerender of the public pages', () => {
  it.each([
    ['/', 'Our products'],
    ['/product/fhp', 'Now selling the'],
    ['/product/fhp/faq', 'What is FHP?'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Statement'],
    ['/sign-in', 'Login to your account'],
    ['/product/fhp/buy', 'Select Country'],
  ])('draws %s from the data alone, with no style attribute or script (the CSP refuses both)', async (path, text) => {
    const html = await render(`http://localhost${path}`, data);
    expect(html).toContain(text);
    expect(html).toContain('Flexible Hurricane Protection'); // the header, from page content
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('Loading...');
  });

  it('draws the payout chart with its bars', async () => {
    const html = (await render('http://localhost/product/fhp', data)) ?? '';
    expect(html).toContain('class="payout-chart-bar" data-pct="100"');
    expect(html).toContain('role="img" aria-label="Payout as a percentage of coverage under Option T');
  });

  it('draws the sign-in form with its submit disabled until the page is hydrated', async () => {
    const html = (await render('http://localhost/sign-in', data)) ?? '';
    expect(html).toMatch(/<button type="submit" disabled="" class="[^"]*btn[^"]*"[^>]*>Continue/);
  });

  it("draws the purchase flow's first step for a new visitor, Continue disabled until the page is hydrated", async () => {
    const html = (await render('http://localhost/product/fhp/buy', data)) ?? '';
    expect(html).toContain('class="progress-bar bg-secondary" data-step="1"');
    expect(html).toMatch(/<select[^>]* name="country"[^>]*><option value="" selected="">Select a country/);
    expect(html).toMatch(/<button type="submit" disabled="" class="[^"]*btn[^"]*"[^>]*>Continue/);
    // Start over is in the layout but unseen, so that a restored purchase showing it moves nothing.
    expect(html).toMatch(/<button[^>]*aria-hidden="true"[^>]*class="[^"]*\binvisible\b[^"]*"[^>]*>Start over|<button[^>]*class="[^"]*\binvisible\b[^"]*"[^>]*aria-hidden="true"[^>]*>Start over/);
  });

  it('leaves pages that depend on the visitor, and made-up products, to the browser', async () => {
    for (const path of ['/my-account', '/product/nope', '/product/nope/buy', '/product/nope/faq', '/nowhere']) {
      expect(isPrerendered(path, data), path).toBe(false);
      expect(await render(`http://localhost${path}`, data), path).toBeNull();
    }
  });
});
