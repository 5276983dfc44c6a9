import { DEFAULT_BINDINGS, paletteBindings, type Binding } from './bindings.js';
import { keysLabel } from './help.js';

export interface PaletteMatch {
  binding: Binding;
  score: number;
  /** Indices into `label` that matched, for highlighting. */
  positions: number[];
  /** What the palette shows and matches: "Description  (command.id)". */
  label: string;
  keys: string;
}

/**
 * Subsequence score of `query` in `text` (both lower-cased): higher is better, undefined
 * when the query is not a subsequence. Rewards matches at word starts and runs of
 * consecutive characters, like editor command palettes do.
 */
export function fuzzyScore(query: string, text: string): { score: number; positions: number[] } | undefined {
  const q = query.toLowerCase().replace(/\s+/g, '');
  const t = text.toLowerCase();
  if (q.length === 0) return { score: 0, positions: [] };
  let best: { score: number; positions: number[] } | undefined;
  // Greedy from every place the first character occurs; keep the best run.
  for (let from = t.indexOf(q[0]!); from >= 0; from = t.indexOf(q[0]!, from + 1)) {
    const run = greedy(q, text, t, from);
    if (run && (!best || run.score > best.score)) best = run;
  }
  return best;
}

function greedy(q: string, text: string, t: string, from: number): { score: number; positions: number[] } | undefined {
  const positions: number[] = [];
  let score = 0;
  let ti = from;
  let prev = -2;
  for (const ch of q) {
    const found = t.indexOf(ch, ti);
    if (found < 0) return undefined;
    const before = found === 0 ? ' ' : (t[found - 1] ?? ' ');
    const camelHump = found > 0 && text[found] !== t[found];
    score += 1;
    if (found === prev + 1) score += 4;
    // Scattered matches read as noise: each gap costs a little.
    else if (prev >= 0) score -= Math.min(3, found - prev - 1);
    if (/[\s.\-_/(]/.test(before) || camelHump) score += 6;
    if (found === 0) score += 8;
    positions.push(found);
    prev = found;
    ti = found + 1;
  }
  // Prefer shorter labels when everything else is equal.
  return { score: score - Math.floor(t.length / 16), positions };
}

/** The `:` palette: commands matching `query`, best first; all commands for an empty query. */
export function filterCommands(query: string, bindings: readonly Binding[] = DEFAULT_BINDINGS, limit = 50): PaletteMatch[] {
  const out: PaletteMatch[] = [];
  for (const binding of paletteBindings(bindings)) {
    const label = `${binding.description}  (${binding.id})`;
    const m = fuzzyScore(query.trim(), label);
    if (m) out.push({ binding, score: m.score, positions: m.positions, label, keys: keysLabel(binding.keys) });
  }
  // Stable: equal scores keep the bindings' own order.
  out.sort((a, b) => b.score - a.score);
  return out.slice(0, limit);
}
