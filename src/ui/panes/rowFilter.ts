import { memoLast } from './memo.js';

/**
 * The `/` filter of a list: every whitespace-separated term of the query must occur in the
 * row's text, ignoring case, in any order ("eth buy" keeps the ETH buys). A term never spans
 * two of the row's fields, since the fields are joined with a space and a term has none.
 */

/** The query's terms, lower-cased; none for a blank query (which keeps every row). */
export function filterTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter((t) => t !== '');
}

/** Whether a row whose fields are `fields` passes the query. */
export function matchesFilter(fields: readonly string[], query: string): boolean {
  return matchesTerms(fields.join(' ').toLowerCase(), filterTerms(query));
}

function matchesTerms(lowerText: string, terms: readonly string[]): boolean {
  return terms.every((t) => lowerText.includes(t));
}

/**
 * A filter over one list's rows, remembering its last answer: the pane and the shell's list
 * navigation pass the same rows and query and get the same array back, so a row index means
 * the same row to both. A blank query returns the rows themselves.
 */
export function rowFilter<T extends object>(textOf: (row: T) => readonly string[]): (rows: readonly T[], query: string) => readonly T[] {
  // Row objects are rebuilt only when their data changes, so their text is worked out once.
  const texts = new WeakMap<T, string>();
  const lower = (row: T): string => {
    let t = texts.get(row);
    if (t === undefined) {
      t = textOf(row).join(' ').toLowerCase();
      texts.set(row, t);
    }
    return t;
  };
  return memoLast((rows: readonly T[], query: string): readonly T[] => {
    const terms = filterTerms(query);
    if (terms.length === 0) return rows;
    return rows.filter((r) => matchesTerms(lower(r), terms));
  });
}
