/** Shown for a missing or malformed number: render code never throws on bad input. */
export const MISSING = '—';
