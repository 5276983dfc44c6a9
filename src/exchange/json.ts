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
      // Built by appending: no array of parts, no [key, member] pairs (every response comes through here).
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          out += `${i === 0 ? '' : ','}${item === undefined ? 'null' : toJson(item)}`;
        }
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      let out = '{';
      for (const key of Object.keys(record)) {
        const member = record[key];
        if (member === undefined || typeof member === 'function') continue;
        out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${toJson(member)}`;
      }
      return `${out}}`;
    }
    default:
      return 'null';
  }
}
