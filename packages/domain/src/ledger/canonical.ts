/**
 * Canonical JSON: the one byte string a ledger payload is hashed as. Keys sorted by code point, no
 * white space, integers only (amounts are cents), no `undefined`: two programs that agree on the
 * value agree on the hash, whatever order they built the object in.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export class CanonicalJsonError extends Error {
  override name = 'CanonicalJsonError';
}

function write(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      // Floats print differently across languages; the ledger holds cents and counts only.
      if (!Number.isSafeInteger(value)) throw new CanonicalJsonError(`${path || 'value'} must be a safe integer, not ${value}`);
      return String(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item, index) => write(item, `${path}[${index}]`)).join(',')}]`;
      const keys = Object.keys(value).sort();
      const members = keys.map((key) => {
        const member = (value as Record<string, unknown>)[key];
        if (member === undefined) throw new CanonicalJsonError(`${path ? `${path}.` : ''}${key} is undefined`);
        return `${JSON.stringify(key)}:${write(member, path ? `${path}.${key}` : key)}`;
      });
      return `{${members.join(',')}}`;
    }
    default:
      throw new CanonicalJsonError(`${path || 'value'} cannot be stored in the ledger (${typeof value})`);
  }
}

export function canonicalJson(value: JsonValue): string {
  return write(value, '');
}

/** True when `text` is exactly the canonical form of what it parses to. */
export function isCanonicalJson(text: string): boolean {
  try {
    return canonicalJson(JSON.parse(text) as JsonValue) === text;
  } catch {
    return false;
  }
}
