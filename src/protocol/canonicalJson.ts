/**
 * Canonical JSON for the agent signing path (spec 5.2, open-points "Signing"):
 * JSON.stringify rules, object keys sorted by UTF-16 code unit at every depth,
 * null/undefined members dropped, empty objects kept, arrays in order, integers only.
 * Anything that would make two implementations disagree is an error, never a guess.
 */
export class CanonicalJsonError extends Error {
  constructor(path: string, problem: string) {
    super(`canonical JSON: ${path || '(root)'}: ${problem}`);
    this.name = 'CanonicalJsonError';
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function canonicalJson(value: unknown): string {
  return write(value, '');
}

function write(value: unknown, path: string): string {
  switch (typeof value) {
    case 'string':
      if (LONE_SURROGATE.test(value)) throw new CanonicalJsonError(path, 'lone surrogate in string');
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalJsonError(path, `${value} is not a finite number`);
      if (!Number.isInteger(value)) throw new CanonicalJsonError(path, `${value} is not an integer`);
      if (!Number.isSafeInteger(value)) throw new CanonicalJsonError(path, `${value} is not a safe integer`);
      return Object.is(value, -0) ? '0' : String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      // A bigint has no JSON form that JSON.parse reads back exactly above 2^53.
      if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
        throw new CanonicalJsonError(path, `${value} is not a safe integer`);
      }
      return value.toString();
    case 'object': {
      if (value === null) throw new CanonicalJsonError(path, 'null is only allowed as an object member');
      if (Array.isArray(value)) {
        const parts: string[] = [];
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          if (item === null || item === undefined) {
            throw new CanonicalJsonError(`${path}[${i}]`, 'null or undefined array element');
          }
          parts.push(write(item, `${path}[${i}]`));
        }
        return `[${parts.join(',')}]`;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) {
        throw new CanonicalJsonError(path, 'only plain objects can be serialised');
      }
      const record = value as Record<string, unknown>;
      // Default sort compares UTF-16 code units, exactly what the spec asks for.
      const keys = Object.keys(record).sort();
      const parts: string[] = [];
      for (const key of keys) {
        const member = record[key];
        if (member === null || member === undefined) continue;
        if (LONE_SURROGATE.test(key)) throw new CanonicalJsonError(path, 'lone surrogate in key');
        parts.push(`${JSON.stringify(key)}:${write(member, path ? `${path}.${key}` : key)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      throw new CanonicalJsonError(path, `${typeof value} cannot be serialised`);
  }
}
