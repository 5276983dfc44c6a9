import type { TextStyle, Theme, ThemeToken } from './tokens.js';

/**
 * Attributes-only theme built into the code: the React default when no ThemeProvider is
 * mounted (component tests) and what the app falls back to if themes/ cannot be read.
 * Meaning survives without colour: selection is inverse, focus bold, stale dim.
 */
const plain: TextStyle = {};
export const FALLBACK_THEME: Theme = {
  name: 'fallback',
  level: 'none',
  tokens: {
    text: plain,
    muted: { dimColor: true },
    accent: { bold: true },
    bid: plain,
    ask: plain,
    bidBar: { dimColor: true },
    askBar: { dimColor: true },
    up: plain,
    down: plain,
    spread: { dimColor: true },
    ok: plain,
    warning: { bold: true },
    error: { bold: true, underline: true },
    stale: { dimColor: true, italic: true },
    frozen: { bold: true, inverse: true },
    border: { dimColor: true },
    borderFocused: { bold: true },
    title: plain,
    titleFocused: { bold: true },
    surface: plain,
    header: { inverse: true },
    status: { inverse: true },
    selection: { inverse: true },
    cursor: { inverse: true, bold: true },
    tabActive: { bold: true, underline: true },
    tabInactive: { dimColor: true },
    key: { bold: true },
    chart: plain,
  } satisfies Record<ThemeToken, TextStyle>,
};
