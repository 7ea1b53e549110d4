import type { DocumentNode } from '@0no-co/graphql.web';
import type { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

type TypedGraphQL = ReturnType<typeof initGraphQLTada<{ introspection: introspection }>>;

/**
 * Typed document builder. Types come from the server's printed schema
 * (apps/server/schema.graphql) through `npm run gen:graphql -w apps/web`.
 *
 * At run time a document is its text, sent as written (`sourceOf`) with the text of the fragments
 * it was given: gql.tada's own runtime parses every document into a tree only for the client to
 * print it back, and that parser and printer were 3 KB (gzip) of every page's first load.
 */
export const graphql = ((source: string, fragments: readonly DocumentNode[] = []): SourceDocument => ({
  kind: 'Document' as DocumentNode['kind'],
  definitions: [],
  // gql.tada's client-only directive (a fragment's fields typed in place): the server knows none.
  source: source.replace(/\s*@_unmask\b/g, ''),
  fragments: fragments as readonly SourceDocument[],
})) as unknown as TypedGraphQL;

/** A document as `graphql` makes it: its text and its fragments' documents, no tree. */
type SourceDocument = DocumentNode & { source: string; fragments: readonly SourceDocument[] };

function asSourceDocument(document: DocumentNode): SourceDocument {
  const candidate = document as Partial<SourceDocument>;
  if (typeof candidate.source !== 'string' || !Array.isArray(candidate.fragments)) {
    throw new Error('A GraphQL document without its text: make documents with lib/graphql/graphql');
  }
  return candidate as SourceDocument;
}

/** The text to send for a document made by `graphql`: its own, then each fragment's once. */
export function sourceOf(document: DocumentNode): string {
  const texts: string[] = [];
  const seen = new Set<SourceDocument>();
  const add = (candidate: DocumentNode) => {
    const current = asSourceDocument(candidate);
    if (seen.has(current)) return;
    seen.add(current);
    texts.push(current.source);
    current.fragments.forEach(add);
  };
  add(document);
  return texts.join('\n');
}

export type { ResultOf, VariablesOf } from 'gql.tada';
