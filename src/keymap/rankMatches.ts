import { matchSorterWithRankInfo } from 'match-sorter';

/**
 * The texts an item is matched on. Each is ranked on its own and the item takes its best
 * rank, so a query never matches across two of them.
 */
export type MatchKeys<T> = readonly ((item: T) => string)[];

/**
 * Items matching `query`, best match first, by match-sorter's tiers: the whole text equal
 * > the text starts with the query > a word of it does > a substring > an acronym > the
 * characters in order (closer together first). Ties keep the items' own order, so an
 * empty query lists everything as given. Case and accents are ignored.
 */
export function rankMatches<T>(items: readonly T[], query: string, keys: MatchKeys<T>): T[] {
  const q = query.trim();
  if (q === '') return [...items];
  return matchSorterWithRankInfo(items, q, {
    keys,
    // Which of the texts matched does not matter, only how well.
    sorter: (ranked) => [...ranked].sort((a, b) => b.rank - a.rank || a.index - b.index),
  }).map((r) => r.item);
}

/**
 * A name or id as words, so a query can match the start of any of them: "fees.set" ->
 * "fees set", "cancelTpSl" -> "cancel tp sl", "fee-rate" -> "fee rate".
 */
export function asWords(text: string): string {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
