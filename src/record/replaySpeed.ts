/** The speeds a recording plays at (`--speed`): 0.5 to 50 times real time. */
export const MIN_SPEED = 0.5;
export const MAX_SPEED = 50;

/** `--speed TEXT` as a number; `max` (as fast as it reads) only where `allowMax`. A mistake: its message for the user. */
export function parseSpeed(text: string, o: { allowMax: boolean }): number | { error: string } {
  if (o.allowMax && text === 'max') return Infinity;
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || n < MIN_SPEED || n > MAX_SPEED) {
    return { error: `--speed must be ${MIN_SPEED} to ${MAX_SPEED} (times real time)${o.allowMax ? ' or max' : ''}, got ${text}` };
  }
  return n;
}
