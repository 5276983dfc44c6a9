/**
 * Semantic colour tokens. Components ask for meaning ("ask", "stale"), never for a colour;
 * themes in themes/*.json map each token to a style.
 */
export const THEME_TOKENS = [
  'text',
  'muted',
  'accent',
  'bid',
  'ask',
  'bidBar',
  'askBar',
  'up',
  'down',
  'spread',
  'ok',
  'warning',
  'error',
  'stale',
  'frozen',
  'border',
  'borderFocused',
  'title',
  'titleFocused',
  'surface',
  'header',
  'status',
  'selection',
  'cursor',
  'tabActive',
  'tabInactive',
  'key',
  'chart',
] as const;

export type ThemeToken = (typeof THEME_TOKENS)[number];

/**
 * Tokens a theme file may leave out. `surface` is the background of panes, overlays and
 * forms; a theme without it draws them on the terminal's own background, as themes did
 * before it existed.
 */
export const OPTIONAL_TOKENS: readonly ThemeToken[] = ['surface'];

/** Props ink's <Text> takes as they are: spread a token's style onto a Text. */
export interface TextStyle {
  color?: string;
  backgroundColor?: string;
  bold?: boolean;
  dimColor?: boolean;
  italic?: boolean;
  underline?: boolean;
  inverse?: boolean;
}

export type ColorLevel = 'none' | '16' | '256' | 'truecolor';

export interface Theme {
  name: string;
  level: ColorLevel;
  tokens: Readonly<Record<ThemeToken, TextStyle>>;
}

export function isThemeToken(name: string): name is ThemeToken {
  return (THEME_TOKENS as readonly string[]).includes(name);
}
