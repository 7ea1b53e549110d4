import { builder } from './builder';

/**
 * Any JSON value, as is. Output only in practice: the transaction log's payloads and a ledger
 * entry's details are records whose shape depends on their type. No input takes it, so a caller
 * can never hand the server an unchecked structure through it.
 */
export const JsonScalar = builder.scalarType('JSON', {
  description: 'A JSON value (object, array, string, number, boolean or null), passed through as is.',
  serialize: (value) => value,
  parseValue: (value) => value,
});
