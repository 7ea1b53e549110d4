import type { FastifyInstance } from 'fastify';
import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import { graphqlJs } from '../graphql/graphql-js';
import { getSchema } from '../api/schema';

/**
 * The answers the first screen of a page needs, sent inside index.html (contract: docs/architecture.md,
 * "Serving contract"), so the browser draws the page without a second round trip. Shape, by root
 * field: `pageContent`, `currentSeason` and `roles` for every page; `products` on Home;
 * `landingContent[productId]` on a product's landing page; `getFAQ[dashboard]` on its FAQ page. A
 * field the client finds missing is fetched as before.
 *
 * The selections are made from the schema: every field of each type (a type nested in itself, the
 * sidebar's children, twice), so whatever a screen's own document asks for is in here.
 */
function selectAll(type: GraphQLObjectType, chain: readonly string[]): string {
  return Object.values(type.getFields())
    .flatMap((field) => {
      const named = graphqlJs.getNamedType(field.type);
      if (!graphqlJs.isObjectType(named)) return [field.name];
      if (chain.filter((name) => name === named.name).length >= 2) return [];
      return [`${field.name} { ${selectAll(named, [...chain, named.name])} }`];
    })
    .join(' ');
}

function selectionOf(schema: GraphQLSchema, rootField: string): string {
  const type = graphqlJs.getNamedType(schema.getQueryType()!.getFields()[rootField]!.type) as GraphQLObjectType;
  return selectAll(type, [type.name]);
}

let document: string | undefined;

/** The one query index.html's data comes from; built from the schema once. */
export function initialDataDocument(): string {
  if (document) return document;
  const schema = getSchema();
  const select = (field: string) => selectionOf(schema, field);
  document = `query InitialData($productId: String!, $withProducts: Boolean!, $withLanding: Boolean!, $withFaq: Boolean!) {
  pageContent { ${select('pageContent')} }
  currentSeason { ${select('currentSeason')} }
  roles { ${select('roles')} }
  products @include(if: $withProducts) { ${select('products')} }
  landingContent(productId: $productId) @include(if: $withLanding) { ${select('landingContent')} }
  getFAQ(input: { dashboard: END_USER }) @include(if: $withFaq) { ${select('getFAQ')} }
}`;
  return document;
}

interface InitialDataVariables {
  productId: string;
  withProducts: boolean;
  withLanding: boolean;
  withFaq: boolean;
}

/** A product id as the route table allows it: anything else is not a product page worth a query. */
const PRODUCT_PAGE = /^\/product\/([A-Za-z0-9_-]{1,64})(\/faq|\/buy)?\/?$/;

/** What the page at `path` shows first, as the document's variables. */
export function initialDataVariables(path: string): InitialDataVariables {
  const product = PRODUCT_PAGE.exec(path);
  return {
    productId: product?.[1] ?? '',
    // Home lists the products; every product page checks its id against them (KnownProduct).
    withProducts: path === '/' || product !== null,
    withLanding: product !== null && product[2] === undefined,
    withFaq: product?.[2] === '/faq',
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
    payload: JSON.stringify({ query: initialDataDocument(), operationName: 'InitialData', variables }),
  });
  if (response.statusCode !== 200) return undefined;
  const body = JSON.parse(response.body) as { data?: Record<string, unknown> | null; errors?: unknown[] };
  if (!body.data || body.errors) return undefined;
  const { pageContent, currentSeason, roles, products, landingContent, getFAQ } = body.data;
  return {
    pageContent,
    currentSeason,
    roles,
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
