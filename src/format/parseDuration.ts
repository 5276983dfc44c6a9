/** `30s`, `5m`, `1h`, `500ms` or plain milliseconds; undefined when it is none of these. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2] ?? 'ms';
  const ms = n * (unit === 'h' ? 3_600_000 : unit === 'm' ? 60_000 : unit === 's' ? 1_000 : 1);
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms) : undefined;
}
