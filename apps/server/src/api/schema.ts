import type { GraphQLSchema } from 'graphql';
import { builder } from '../graphql/builder';
import { graphqlJs } from '../graphql/graphql-js';
import '../graphql/money';
import '../graphql/json';
// Each module registers its types on the shared builder when imported.
import '../modules/content/graphql';
import '../modules/pricing/graphql';
import '../modules/identity/graphql';
import '../modules/kyc/graphql';
import '../modules/account/graphql';
import '../modules/purchase/graphql';
import '../modules/payments/graphql';
import '../modules/audit/ledger/graphql';
import '../modules/audit/graphql';
import '../modules/lifecycle/graphql';
import '../modules/policies/my-policies-graphql';
import '../modules/payouts/graphql';
import '../modules/bank/graphql';
import '../modules/storms/graphql';
import '../modules/storms/feeds/graphql';
import '../modules/admin-users/graphql';
import '../modules/pricing/admin-graphql';
import '../modules/portfolio/graphql';
import '../modules/content/admin-graphql';

// The first mutations arrive with issue 4; modules add theirs with builder.mutationFields.
builder.mutationType({});

let schema: GraphQLSchema | undefined;

/** Built once per process: the builder is shared and Pothos schemas are immutable. */
export function getSchema(): GraphQLSchema {
  schema ??= builder.toSchema();
  return schema;
}

/** Sorted so the committed file only changes when the schema does. */
export function printSortedSchema(): string {
  return `${graphqlJs.printSchema(graphqlJs.lexicographicSortSchema(getSchema()))}\n`;
}
