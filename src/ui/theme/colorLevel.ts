import type { ColorLevel } from './tokens.js';

/**
 * What the terminal can show, from the environment (no terminal queries, so it is pure):
 * NO_COLOR (any non-empty value, no-color.org), --no-color or TERM=dumb -> none;
 * --color=16|256|truecolor forces a level; COLORTERM truecolor/24bit -> truecolor;
 * TERM *256color* -> 256; anything else -> 16.
 */
export function detectColorLevel(
  env: Readonly<Record<string, string | undefined>> = process.env,
  argv: readonly string[] = process.argv,
): ColorLevel {
  const forced = argv.find((a) => a.startsWith('--color='))?.slice('--color='.length);
  if (argv.includes('--no-color') || forced === 'none' || forced === 'never') return 'none';
  if (forced === '16' || forced === '256' || forced === 'truecolor') return forced;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 'none';
  const term = (env.TERM ?? '').toLowerCase();
  if (term === 'dumb') return 'none';
  const colorterm = (env.COLORTERM ?? '').toLowerCase();
  if (colorterm === 'truecolor' || colorterm === '24bit') return 'truecolor';
  if (term.includes('256color') || term.includes('256colour')) return '256';
  return '16';
}
