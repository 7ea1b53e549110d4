import { expect, it } from 'vitest';
import { describeApp, gql } from '../../../test/harness';
import { END_USER_FAQ } from '../../seed/faqs';

describeApp('content queries', (suite) => {
  it('getFAQ returns the customer FAQ in order, and only it', async () => {
    const { status, body } = await gql<{ getFAQ: { title: string; dashboard: string; queAns: { title: string; content: string }[] }[] }>(
      suite.app,
      'query { getFAQ(input: { dashboard: END_USER }) { title dashboard queAns { title content } } }',
    );
    expect(status).toBe(200);
    const faq = body.data?.getFAQ ?? [];
    expect(faq.map((s) => s.title)).toEqual(END_USER_FAQ.map((s) => s.title));
    expect(faq.every((s) => s.dashboard === 'END_USER')).toBe(true);
    const questions = faq.flatMap((s) => s.queAns.map((q) => q.title));
    expect(questions.length).toBeGreaterThanOrEqual(10);
    const answers = faq.flatMap((s) => s.queAns.map((q) => q.content)).join(' ');
    expect(answers).toContain('15 days');
    expect(answers).toContain('June 1 to May 31');
  });

  it('getFAQ refuses an unknown dashboard with a 400, not a 500', async () => {
    const { status, body } = await gql(suite.app, 'query { getFAQ(input: { dashboard: PIRATE }) { title } }');
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('pageContent serves navigation, the route table, sidebar, footer and breadcrumbs', async () => {
    const { status, body } = await gql<{ pageContent: Record<string, never> }>(
      suite.app,
      `query {
        pageContent {
          brand { name productId }
          navigation { label path kind }
          routes { name path public ability }
          sidebarItems { key title icon path children { key title icon path } }
          footer { title links { label href } }
          contact { email phone address }
          breadcrumbs { segment label }
        }
      }`,
    );
    expect(status).toBe(200);
    const page = body.data?.pageContent as unknown as {
      brand: { name: string; productId: string };
      navigation: { label: string; path: string; kind: string }[];
      routes: { name: string; path: string; public: boolean; ability: string | null }[];
      sidebarItems: { title: string; children: { title: string; path: string }[] }[];
      footer: { title: string; links: { label: string }[] }[];
      contact: { email: string };
      breadcrumbs: { segment: string; label: string }[];
    };
    expect(page.brand).toEqual({ name: 'Flexible Hurricane Protection', productId: 'fhp' });
    expect(page.navigation[0]).toEqual({ label: 'View Product Info', path: '/product/fhp', kind: 'link' });
    expect(page.routes).toHaveLength(25); // the spec's 17, two staff screens of issue 7, Storm Payouts and five admin screens
    expect(page.routes.find((r) => r.name === 'PurchaseFlow')).toEqual({ name: 'PurchaseFlow', path: '/product/:id/buy', public: true, ability: null });
    expect(page.routes.find((r) => r.name === 'PayoutKYC')).toEqual({ name: 'PayoutKYC', path: '/my-payout-details', public: false, ability: 'PayoutKYC' });
    expect(page.sidebarItems.map((i) => i.title)).toEqual(['My Account', 'My Payout Details', 'My Policies', 'Payment Desk', 'Cancellation Requests', 'Storm Payouts', 'Users', 'KYC Review', 'Offers & Seasons', 'Portfolio', 'Content']);
    expect(page.sidebarItems[2]?.children.map((c) => c.title)).toEqual(['Provisional', 'Actual', 'Archived']);
    expect(page.footer.map((s) => s.title)).toEqual(['Products', 'Support', 'Company', 'Other Links']);
    expect(page.footer[3]?.links.map((l) => l.label)).toEqual(['Privacy', 'Terms', 'FAQ']);
    expect(page.contact.email).toMatch(/@/);
    expect(page.breadcrumbs).toContainEqual({ segment: 'my-policies', label: 'My Policies' });
  });

  it('landingContent serves the product landing sections, and null for an unknown product', async () => {
    const { body } = await gql<{ fhp: Record<string, unknown> | null; nope: unknown }>(
      suite.app,
      `query {
        fhp: landingContent(productId: "fhp") { productId title howItWorks { title text } lifecycle faqTeaser { title } supportEmail }
        nope: landingContent(productId: "nope") { title }
      }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.fhp).toMatchObject({ productId: 'fhp', title: 'Flexible Hurricane Protection' });
    expect(body.data?.fhp?.lifecycle).toEqual(['Provisional policy created', 'Payment completed (contract issued)', 'Hurricane occurred', 'Payment sent']);
    expect((body.data?.fhp?.faqTeaser as unknown[]).length).toBe(3);
    expect(body.data?.nope).toBeNull();
  });

  it('products lists the product with its landing path', async () => {
    const { body } = await gql<{ products: unknown[] }>(suite.app, 'query { products { id name path tagline logo } }');
    expect(body.data?.products).toEqual([
      expect.objectContaining({ id: 'fhp', name: 'Flexible Hurricane Protection', path: '/product/fhp' }),
    ]);
  });
});
