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
/** Any surrogate at all: a cheap first test, so the lookaround above runs only on text that has one. */
const SURROGATE = /[\uD800-\uDFFF]/;

function hasLoneSurrogate(text: string): boolean {
  return SURROGATE.test(text) && LONE_SURROGATE.test(text);
}

/**
 * Where the walk is, as keys and indices from the root. Kept as a stack and turned into
 * text only for an error: on the signing path (every request) no path string is built.
 */
type Path = (string | number)[];

function pathText(path: Path): string {
  let out = '';
  for (const step of path) out = typeof step === 'number' ? `${out}[${step}]` : out ? `${out}.${step}` : step;
  return out;
}

export function canonicalJson(value: unknown): string {
  return write(value, []);
}

function write(value: unknown, path: Path): string {
  switch (typeof value) {
    case 'string':
      if (hasLoneSurrogate(value)) throw new CanonicalJsonError(pathText(path), 'lone surrogate in string');
      return JSON.stringify(value);
    case 'number':
      if (!Number.isSafeInteger(value)) {
        const at = pathText(path);
        if (!Number.isFinite(value)) throw new CanonicalJsonError(at, `${value} is not a finite number`);
        if (!Number.isInteger(value)) throw new CanonicalJsonError(at, `${value} is not an integer`);
        throw new CanonicalJsonError(at, `${value} is not a safe integer`);
      }
      return Object.is(value, -0) ? '0' : String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      // A bigint has no JSON form that JSON.parse reads back exactly above 2^53.
      if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
        throw new CanonicalJsonError(pathText(path), `${value} is not a safe integer`);
      }
      return value.toString();
    case 'object': {
      if (value === null) throw new CanonicalJsonError(pathText(path), 'null is only allowed as an object member');
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          path.push(i);
          if (item === null || item === undefined) throw new CanonicalJsonError(pathText(path), 'null or undefined array element');
          out += i === 0 ? write(item, path) : `,${write(item, path)}`;
          path.pop();
        }
        return `${out}]`;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) {
        throw new CanonicalJsonError(pathText(path), 'only plain objects can be serialised');
      }
      const record = value as Record<string, unknown>;
      // Default sort compares UTF-16 code units, exactly what the spec asks for.
      const keys = Object.keys(record).sort();
      let out = '{';
      for (const key of keys) {
        const member = record[key];
        if (member === null || member === undefined) continue;
        if (hasLoneSurrogate(key)) throw new CanonicalJsonError(pathText(path), 'lone surrogate in key');
        path.push(key);
        out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${write(member, path)}`;
        path.pop();
      }
      return `${out}}`;
    }
    default:
      throw new CanonicalJsonError(pathText(path), `${typeof value} cannot be serialised`);
  }
}
