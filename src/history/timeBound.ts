const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * `--since` / `--until`: a time back from `now` (`90s`, `15m`, `4h`, `1d`, `2w`), an ISO 8601
 * time (`2026-05-12`, `2026-05-12T14:03:07Z`) or milliseconds since the epoch; undefined
 * when it is none of these.
 */
export function parseTimeBound(text: string, now: number): number | undefined {
  const t = text.trim();
  const rel = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w)$/.exec(t);
  if (rel) return Math.round(now - Number(rel[1]) * UNIT_MS[rel[2]!]!);
  if (/^\d{10,}$/.test(t)) return Number(t);
  if (!/^\d{4}-\d{2}-\d{2}/.test(t)) return undefined;
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? ms : undefined;
}
