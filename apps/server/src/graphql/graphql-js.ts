import { createRequire } from 'node:module';
import type * as GraphQLModule from 'graphql';

/**
 * graphql-js, loaded the way Mercurius and Pothos load it. Vitest resolves a bare `graphql`
 * import in our sources to the ESM build (index.mjs) while those libraries get the CommonJS one,
 * and two copies of graphql-js reject each other's types ("from another module or realm").
 * Requiring it here pins one copy in tests and in production alike; use it for runtime values,
 * and `import type` from 'graphql' for types.
 */
export const graphqlJs = createRequire(import.meta.url)('graphql') as typeof GraphQLModule;
