import chalk from 'chalk';
import type { ColorLevel } from './tokens.js';

/**
 * Tells chalk (ink's styler) what the terminal can do. chalk sniffs on its own and drops
 * ALL styling at level 0 (with --no-color, TERM=dumb, a non-TTY or CI set), which would
 * erase the bold/inverse that carry meaning in the mono theme. So colour-off still runs
 * chalk at level 1; the resolved theme simply contains no colours.
 */
export function chalkLevelFor(level: ColorLevel): 1 | 2 | 3 {
  return level === 'truecolor' ? 3 : level === '256' ? 2 : 1;
}

/** Call once at start-up, before the first render, with the detected level. */
export function applyColorLevel(level: ColorLevel): void {
  chalk.level = chalkLevelFor(level);
}
