/** A period some writer recorded (its run's start to its last sign of life), exchange ms. */
export interface Run {
  from: number;
  to: number;
}

/** A period no writer recorded: "not recorded from … to …". */
export interface Gap {
  from: number;
  to: number;
}

/**
 * The complement of the runs (merged where they overlap or touch) within [since, until];
 * `since` defaults to the first run's start and `until` to the last run's end, so a store
 * read without bounds shows the holes between runs only.
 */
export function gapsBetween(runs: readonly Run[], since?: number, until?: number): Gap[] {
  if (runs.length === 0) return since !== undefined && until !== undefined && until > since ? [{ from: since, to: until }] : [];
  const sorted = [...runs].sort((a, b) => a.from - b.from);
  const merged: Run[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r.from <= last.to) last.to = Math.max(last.to, r.to);
    else merged.push({ ...r });
  }
  const lo = since ?? merged[0]!.from;
  const hi = until ?? merged[merged.length - 1]!.to;
  const gaps: Gap[] = [];
  let at = lo;
  for (const r of merged) {
    if (r.to < at) continue;
    if (r.from > at) gaps.push({ from: at, to: Math.min(r.from, hi) });
    at = Math.max(at, r.to);
    if (at >= hi) break;
  }
  if (at < hi) gaps.push({ from: at, to: hi });
  return gaps.filter((g) => g.to > g.from);
}
