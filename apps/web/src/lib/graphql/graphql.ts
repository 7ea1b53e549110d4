import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

/**
 * Typed document builder. Types come from the server's printed schema
 * (apps/server/schema.graphql) through `npm run gen:graphql -w apps/web`.
 */
export const graphql = initGraphQLTada<{ introspection: introspection }>();

export type { ResultOf, VariablesOf } from 'gql.tada';
