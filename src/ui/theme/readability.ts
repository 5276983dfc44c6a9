import { colorRgb, contrastRatio, dimmed, type Rgb } from './contrast.js';
import { THEME_TOKENS, type TextStyle, type Theme, type ThemeToken } from './tokens.js';

/**
 * Whether a resolved theme can be read: every foreground/background pair the screen can
 * show meets WCAG 2.x contrast, and a theme with colours paints its own backgrounds.
 *
 * Colours are judged as xterm shows them by default (its 16- and 256-colour palettes).
 * Whatever a theme leaves unset is the terminal's own colour, which may be light or dark:
 * such a pair must read on both TERMINAL_DEFAULTS. On the surface, a token without a
 * colour of its own is judged in the terminal's default colour even where a component
 * would let it inherit one (not every component nests it in the text token); on a bar it
 * takes the bar's, as Bar always nests its segments.
 * Faint (dim) text is judged half-way to its background, as xterm.js draws it; bold is
 * judged as its plain colour.
 */

export interface TerminalDefaults {
  name: string;
  fg: Rgb;
  bg: Rgb;
}

/** A dark and a light terminal: xterm's white on black, and black on white. */
export const TERMINAL_DEFAULTS: readonly TerminalDefaults[] = [
  { name: 'dark terminal', fg: [229, 229, 229], bg: [0, 0, 0] },
  { name: 'light terminal', fg: [0, 0, 0], bg: [255, 255, 255] },
];

/** Normal text: WCAG 1.4.3 AA. */
export const TEXT_RATIO = 4.5;
/** De-emphasised text, and marks that are not text (frames, depth bars): WCAG's 3:1. */
export const LOW_EMPHASIS_RATIO = 3;

/** Tokens for de-emphasised text and for lines and bars; faint tokens count as these too. */
export const LOW_EMPHASIS_TOKENS: readonly ThemeToken[] = ['muted', 'tabInactive', 'border', 'borderFocused', 'bidBar', 'askBar'];

export type SurfaceName = 'surface' | 'header' | 'status';

/**
 * The backgrounds the screen is drawn on and the tokens drawn over each. `surface` holds
 * the panes, overlays and forms: any token without a background of its own may land
 * there. The bars draw their base token and the tokens of their segments (headerSegments,
 * statusSegments); a token with its own background (selection, cursor, frozen ...) is its
 * own surface wherever it is drawn. A highlighted line (selection, book cursor) draws all
 * of its text in the highlight's colours (Table, SegmentLine, ListLine), so nothing else
 * lands on a highlight's background.
 */
export const SURFACES: Readonly<Record<SurfaceName, readonly ThemeToken[]>> = {
  surface: THEME_TOKENS.filter((t) => t !== 'surface' && t !== 'header' && t !== 'status'),
  header: ['header', 'muted', 'accent', 'up', 'down', 'warning'],
  status: ['status', 'ok', 'warning', 'muted', 'error', 'stale', 'accent', 'text'],
};

/** What a cell shows: its colours after the terminal's defaults, inverse and faint are applied. */
export function shownColors(
  fg: Rgb | undefined,
  bg: Rgb | undefined,
  attrs: { dim?: boolean | undefined; inverse?: boolean | undefined },
  terminal: TerminalDefaults,
): { fg: Rgb; bg: Rgb } {
  let f = fg ?? terminal.fg;
  let b = bg ?? terminal.bg;
  if (attrs.inverse) [f, b] = [b, f];
  return { fg: attrs.dim ? dimmed(f, b) : f, bg: b };
}

export interface ContrastProblem {
  surface: SurfaceName;
  token: ThemeToken;
  terminal: string;
  ratio: number;
  minRatio: number;
}

function rgbOf(color: string | undefined): Rgb | undefined {
  return color === undefined ? undefined : colorRgb(color);
}

/** The least contrast a token needs: 3:1 when it is de-emphasised or faint, else 4.5:1. */
export function minRatioFor(token: ThemeToken, style: TextStyle): number {
  return style.dimColor || LOW_EMPHASIS_TOKENS.includes(token) ? LOW_EMPHASIS_RATIO : TEXT_RATIO;
}

/**
 * A token as drawn on a surface. A bar draws its segments inside a text in its base
 * token (Bar), so a segment takes the base's colours where it has none and its faint and
 * inverse in any case; on the surface a token is taken as it is.
 */
export function drawnStyle(theme: Theme, surface: SurfaceName, token: ThemeToken): TextStyle {
  const style = theme.tokens[token];
  const ground = theme.tokens[surface];
  if (surface === 'surface') return { ...style, backgroundColor: style.backgroundColor ?? ground.backgroundColor };
  const out: TextStyle = { ...style };
  const color = style.color ?? ground.color;
  const backgroundColor = style.backgroundColor ?? ground.backgroundColor;
  if (color !== undefined) out.color = color;
  if (backgroundColor !== undefined) out.backgroundColor = backgroundColor;
  if (style.dimColor || ground.dimColor) out.dimColor = true;
  if (style.inverse || ground.inverse) out.inverse = true;
  return out;
}

/** Every token-on-surface pair below its least contrast, on either terminal. */
export function contrastProblems(theme: Theme): ContrastProblem[] {
  const out: ContrastProblem[] = [];
  for (const [surface, tokens] of Object.entries(SURFACES) as [SurfaceName, readonly ThemeToken[]][]) {
    for (const token of tokens) {
      const style = drawnStyle(theme, surface, token);
      const minRatio = minRatioFor(token, style);
      for (const terminal of TERMINAL_DEFAULTS) {
        const shown = shownColors(rgbOf(style.color), rgbOf(style.backgroundColor), { dim: style.dimColor, inverse: style.inverse }, terminal);
        const ratio = contrastRatio(shown.fg, shown.bg);
        if (ratio < minRatio) out.push({ surface, token, terminal: terminal.name, ratio, minRatio });
      }
    }
  }
  return out;
}

/**
 * Surfaces left on the terminal's background by a theme that sets colours: its colours
 * were picked for one background and the terminal may have the other.
 */
export function unpaintedSurfaces(theme: Theme): SurfaceName[] {
  const colours = THEME_TOKENS.some((t) => theme.tokens[t].color !== undefined || theme.tokens[t].backgroundColor !== undefined);
  if (!colours) return [];
  return (Object.keys(SURFACES) as SurfaceName[]).filter((s) => theme.tokens[s].backgroundColor === undefined);
}

/** Both checks as sentences naming the theme, token, surface and terminal; empty when readable. */
export function readabilityProblems(theme: Theme): string[] {
  const where = `${theme.name} (${theme.level})`;
  return [
    ...unpaintedSurfaces(theme).map((s) => `${where}: sets colours but leaves the ${s} background to the terminal`),
    ...contrastProblems(theme).map(
      (p) => `${where}: ${p.token} on ${p.surface}, ${p.terminal}: ${p.ratio.toFixed(2)}:1 < ${p.minRatio}:1`,
    ),
  ];
}
