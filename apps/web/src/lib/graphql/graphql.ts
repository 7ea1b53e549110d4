import type { DocumentNode } from '@0no-co/graphql.web';
import type { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

type TypedGraphQL = ReturnType<typeof initGraphQLTada<{ introspection: introspection }>>;

/**
 * Typed document builder. Types come from the server's printed schema
 * (apps/server/schema.graphql) through `npm run gen:graphql -w apps/web`.
 *
 * At run time a document is its text, sent as written (`sourceOf`): gql.tada's own runtime parses
 * every document into a tree only for the client to print it back, and that parser and printer
 * were 3 KB (gzip) of every page's first load. Documents here use no fragments, the one thing the
 * tree was for.
 */
export const graphql = ((source: string): SourceDocument => ({ kind: 'Document' as DocumentNode['kind'], definitions: [], source })) as unknown as TypedGraphQL;

/** A document as `graphql` makes it: its text, no tree. */
type SourceDocument = DocumentNode & { source: string };

/** The text of a document made by `graphql`. */
export function sourceOf(document: DocumentNode): string {
  const { source } = document as Partial<SourceDocument>;
  if (typeof source !== 'string') throw new Error('A GraphQL document without its text: make documents with lib/graphql/graphql');
  return source;
}

export type { ResultOf, VariablesOf } from 'gql.tada';
