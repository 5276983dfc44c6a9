/**
 * JSON text of a response. Like JSON.stringify, except that a bigint is written as its
 * exact integer digits: int64 fields (amounts, balances, cloids) never pass through a
 * float on their way out. Members that are undefined are left out.
 */
export function toJson(value: unknown): string {
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : toJson(item))).join(',')}]`;
      const parts: string[] = [];
      for (const [key, member] of Object.entries(value)) {
        if (member === undefined || typeof member === 'function') continue;
        parts.push(`${JSON.stringify(key)}:${toJson(member)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      return 'null';
  }
}
