/**
 * Canonical JSON: the one byte string a ledger payload is hashed as. Keys sorted by code point, no
 * white space, integers only (amounts are cents), no `undefined`: two programs that agree on the
 * value agree on the hash, whatever order they built the object in.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export class CanonicalJsonError extends Error {
  override name = 'CanonicalJsonError';
}

/** Thrown by a write that does not track where it is; the write is then repeated to say where. */
const REFUSED = Symbol('refused');

function refuse(path: string | null, message: () => string): never {
  throw path === null ? REFUSED : new CanonicalJsonError(message());
}

/**
 * Writes `value` canonically. `path` is where the value sits, for the error message; null skips
 * building it: verifying a ledger writes every payload again, and a path string per member would
 * cost more than the writing. Without a path a refusal throws REFUSED.
 */
function write(value: unknown, path: string | null): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      // Floats print differently across languages; the ledger holds cents and counts only.
      if (!Number.isSafeInteger(value)) refuse(path, () => `${path || 'value'} must be a safe integer, not ${value}`);
      return String(value);
    case 'object': {
      let text: string;
      if (Array.isArray(value)) {
        text = '[';
        for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + write(value[i], path === null ? null : `${path}[${i}]`);
        return `${text}]`;
      }
      const keys = Object.keys(value).sort();
      text = '{';
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const member = (value as Record<string, unknown>)[key];
        if (member === undefined) refuse(path, () => `${path ? `${path}.` : ''}${key} is undefined`);
        text += `${i === 0 ? '' : ','}${JSON.stringify(key)}:${write(member, path === null ? null : path ? `${path}.${key}` : key)}`;
      }
      return `${text}}`;
    }
    default:
      return refuse(path, () => `${path || 'value'} cannot be stored in the ledger (${typeof value})`);
  }
}

export function canonicalJson(value: JsonValue): string {
  try {
    return write(value, null);
  } catch (error) {
    if (error !== REFUSED) throw error;
    return write(value, '');
  }
}

/** Keys in code-unit order at every level and every number a safe integer: canonical but for spacing. */
function sortedAndIntegral(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every(sortedAndIntegral);
  let previous: string | undefined;
  for (const key in value) {
    if (previous !== undefined && !(previous < key)) return false;
    if (!sortedAndIntegral((value as Record<string, unknown>)[key])) return false;
    previous = key;
  }
  return true;
}

/**
 * What `text` parses to when it is exactly the canonical form of that value; undefined otherwise.
 * The common case is decided by the engine's own JSON.stringify: when it gives back `text` and the
 * keys it wrote were already sorted and every number a safe integer, `canonicalJson` would write the
 * same bytes (same escaping, same numbers). Anything else is decided by writing it canonically.
 */
export function parseCanonicalJson(text: string): JsonValue | undefined {
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
  if (JSON.stringify(value) === text && sortedAndIntegral(value)) return value;
  try {
    return canonicalJson(value) === text ? value : undefined;
  } catch {
    return undefined;
  }
}

/** True when `text` is exactly the canonical form of what it parses to. */
export function isCanonicalJson(text: string): boolean {
  return parseCanonicalJson(text) !== undefined;
}
