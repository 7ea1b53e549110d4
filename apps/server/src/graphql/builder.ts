import type { AppAbility } from '@fhp/domain';
import SchemaBuilder from '@pothos/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';

/**
 * What every resolver receives. `user` is null for anonymous callers; ask `ability`, not a role.
 * The caller and the offers are typed as the modules that own them declare them on Fastify
 * (identity's request, pricing's decoration), so this layer imports no module.
 */
export interface GraphQLContext {
  db: Db;
  config: Config;
  clock: Clock;
  offers: FastifyInstance['offers'];
  request: FastifyRequest;
  user: FastifyRequest['user'];
  ability: AppAbility;
}

/**
 * The one code-first schema builder. Each module adds its types and fields from its own
 * `graphql.ts`; `schema.ts` imports them and builds the schema. Input fields are required unless
 * a module says otherwise, matching the contract's `!` on every input field; output fields are
 * non-null likewise.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  /** Free-form JSON (json.ts): the transaction log's payloads, a ledger entry's details. */
  Scalars: { JSON: { Input: unknown; Output: unknown } };
  DefaultInputFieldRequiredness: true;
  DefaultFieldNullability: false;
}>({
  defaultInputFieldRequiredness: true,
  // The contract marks almost every output field `!`; the few nullable ones say so.
  defaultFieldNullability: false,
});

builder.queryType({});
