/**
 * Ages and countdowns. Timestamps are Unix milliseconds as JS numbers (they are not money
 * and fit a double exactly).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Coarse age for status and stale markers: "0s", "3s", "2m", "1h", "4d". */
export function formatAge(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '0s';
  if (ms < MINUTE) return `${Math.floor(ms / SECOND)}s`;
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}m`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h`;
  return `${Math.floor(ms / DAY)}d`;
}

const two = (n: number): string => n.toString().padStart(2, '0');

/**
 * Time left until `untilMs`, two units of precision: "45s", "4m05s", "2h03m", "3d04h".
 * 0 means no automatic expiry (spec 2.6); a passed time reads "expired".
 */
export function formatCountdown(untilMs: number, nowMs: number): string {
  if (untilMs === 0) return 'no expiry';
  const left = untilMs - nowMs;
  if (!Number.isFinite(left) || left <= 0) return 'expired';
  // Ceil: a countdown shows "1s" until the moment it expires, never "0s" while still valid.
  const s = Math.ceil(left / SECOND);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${two(s % 60)}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h${two(m % 60)}m`;
  return `${Math.floor(h / 24)}d${two(h % 24)}h`;
}

/**
 * Time to a moment that comes round again (the next funding), coarse so that a header
 * shows a figure that changes once a minute (whole minutes left): "2h05m", "42m", "45s" in
 * the last minute,
 * "now" once it has passed and the next time is not known yet.
 */
export function formatTimeTo(untilMs: number, nowMs: number): string {
  const left = untilMs - nowMs;
  if (!Number.isFinite(left) || left <= 0) return 'now';
  const s = Math.ceil(left / SECOND);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  return `${Math.floor(m / 60)}h${two(m % 60)}m`;
}

/** "14:03:07" in local time, or UTC when asked (tests, logs). */
export function formatClock(ms: number, opts: { utc?: boolean } = {}): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '--:--:--';
  const [h, m, s] = opts.utc
    ? [d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
    : [d.getHours(), d.getMinutes(), d.getSeconds()];
  return `${two(h)}:${two(m)}:${two(s)}`;
}

/** Signed milliseconds for latency and clock offset: "42ms", "1.2s", "−350ms". */
export function formatMillis(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const sign = ms < 0 ? '−' : '';
  const abs = Math.abs(Math.round(ms));
  if (abs < SECOND) return `${sign}${abs}ms`;
  if (abs < MINUTE) return `${sign}${(Math.floor(abs / 100) / 10).toFixed(1)}s`;
  return `${sign}${formatAge(abs)}`;
}
