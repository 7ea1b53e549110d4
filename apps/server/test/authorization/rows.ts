import { accountRows } from './account';
import { adminUsersRows } from './admin-users';
import { filesRows } from './files';
import { identityRows } from './identity';
import { ledgerRows } from './ledger';
import { lifecycleRows } from './lifecycle';
import { policiesRows } from './policies';
import { publicRows } from './public';
import { purchaseRows } from './purchase';
import { stormRows } from './storms';
import type { GraphQLRow, MatrixRows, RestRow } from './types';

/** Every domain's rows. A domain that adds operations or routes adds its file here. */
export const DOMAIN_ROWS: readonly MatrixRows[] = [publicRows, identityRows, purchaseRows, filesRows, lifecycleRows, ledgerRows, accountRows, policiesRows, stormRows, adminUsersRows];

function merge<T>(tables: (Record<string, T> | undefined)[]): Record<string, T> {
  const merged: Record<string, T> = {};
  for (const table of tables) {
    for (const [key, row] of Object.entries(table ?? {})) {
      if (Object.hasOwn(merged, key)) throw new Error(`The authorization matrix has two rows for ${key}`);
      merged[key] = row;
    }
  }
  return merged;
}

export const GRAPHQL: Record<string, GraphQLRow> = merge(DOMAIN_ROWS.map((rows) => rows.graphql));
export const REST: Record<string, RestRow> = merge(DOMAIN_ROWS.map((rows) => rows.rest));
