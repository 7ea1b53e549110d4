import type { FastifyInstance } from 'fastify';

/**
 * The answers the first screen of a page needs, sent inside index.html (contract: docs/architecture.md,
 * "Initial data"), so the browser draws the page without a second round trip. Shape, by root field:
 * `pageContent` and `currentSeason` for every page; `products` on Home; `landingContent[productId]`
 * on a product's landing page; `getFAQ[dashboard]` on its FAQ page. A field the client finds
 * missing is fetched as before.
 *
 * The selections are complete: every field of each type, so whatever a screen's own document asks
 * for is in here (a test checks that against the schema).
 */
export const INITIAL_DATA_DOCUMENT = /* GraphQL */ `
  query InitialData($productId: String!, $withProducts: Boolean!, $withLanding: Boolean!, $withFaq: Boolean!) {
    pageContent {
      brand { name title logo productId }
      navigation { label path kind }
      routes { name path public ability }
      sidebarItems { key title icon path children { key title icon path children { key title icon path } } }
      footer { title links { label href } }
      contact { email phone address }
      breadcrumbs { segment label }
    }
    currentSeason { year coverStart coverEnd paymentDeadline purchaseWindowOpen nextSeasonYear }
    products @include(if: $withProducts) { id name tagline description logo path }
    landingContent(productId: $productId) @include(if: $withLanding) {
      productId title subtitle heroText
      howItWorks { title text }
      lifecycle
      payoutIntro
      faqTeaser { title content }
      supportEmail supportPhone
    }
    getFAQ(input: { dashboard: END_USER }) @include(if: $withFaq) { title dashboard queAns { title content } }
  }
`;

interface InitialDataVariables {
  productId: string;
  withProducts: boolean;
  withLanding: boolean;
  withFaq: boolean;
}

/** A product id as the route table allows it: anything else is not a product page worth a query. */
const PRODUCT_PAGE = /^\/product\/([A-Za-z0-9_-]{1,64})(\/faq)?\/?$/;

/** What the page at `path` shows first, as the document's variables. */
export function initialDataVariables(path: string): InitialDataVariables {
  const product = PRODUCT_PAGE.exec(path);
  return {
    productId: product?.[1] ?? '',
    withProducts: path === '/',
    withLanding: product !== null && product[2] === undefined,
    withFaq: product !== null && product[2] !== undefined,
  };
}

export type InitialData = Record<string, unknown>;

/**
 * Runs the document through /graphql as an anonymous visitor would, so it takes the same path as
 * every public query: limits, error handling, and the public query cache (decision 005), which
 * keeps the answer for GRAPHQL_CACHE_TTL_MS: the page is as fresh as a query the browser would send.
 * Undefined when GraphQL fails; the page then loads its data itself.
 */
export async function loadInitialData(app: FastifyInstance, path: string): Promise<InitialData | undefined> {
  const variables = initialDataVariables(path);
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ query: INITIAL_DATA_DOCUMENT, operationName: 'InitialData', variables }),
  });
  if (response.statusCode !== 200) return undefined;
  const body = JSON.parse(response.body) as { data?: Record<string, unknown> | null; errors?: unknown[] };
  if (!body.data || body.errors) return undefined;
  const { pageContent, currentSeason, products, landingContent, getFAQ } = body.data;
  return {
    pageContent,
    currentSeason,
    ...(variables.withProducts ? { products } : {}),
    ...(variables.withLanding ? { landingContent: { [variables.productId]: landingContent } } : {}),
    ...(variables.withFaq ? { getFAQ: { END_USER: getFAQ } } : {}),
  };
}

/**
 * JSON that is safe inside a <script> element: `<` can never close it or open a comment, and the
 * two line separators JavaScript once refused are escaped too.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
