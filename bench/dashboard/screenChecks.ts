/**
 * What a dashboard screen says about its own health, read from the text a user sees.
 * Shared by the bench's soak and the soak test. Layout (src/ui/app/layout.ts): row 0 is
 * the header, the row before the last is the status bar, the last row stays empty.
 */

/** A book with price levels on both sides: book-pane rows that start with S or B, a price and a size. */
export function liveBook(screen: string): boolean {
  return /[┃│]S\s+[\d.,]+\s+[\d.,]+/.test(screen) && /[┃│]B\s+[\d.,]+\s+[\d.,]+/.test(screen);
}

/** Pane title lines that carry a stale marker ("⏸ stale 12s"). */
export function staleMarkers(screen: string): string[] {
  return screen.split('\n').filter((l) => l.includes('⏸ stale'));
}

/** The status bar: the lowest row that names the mode (the key hint line is under it). */
export function statusLine(screen: string): string {
  const rows = screen.split('\n');
  for (let i = rows.length - 1; i >= 0; i--) if (/^ (TRADING|READ-ONLY|TR|RO)\b/.test(rows[i]!)) return rows[i]!;
  return '';
}

/**
 * The connection group of the status bar ("● ws book● bbo● ..."), or undefined when it
 * is not shown. Every channel is live when the group has no ◐ (connecting), ◌ (stale) or
 * ✕ (down) glyph.
 */
export function connectionGroup(screen: string): string | undefined {
  return statusLine(screen)
    .split('│')
    .map((s) => s.trim())
    .find((s) => /^[●◐✕○] (ws|connecting|auth|reconnecting|closed|idle)\b/.test(s));
}

export function allChannelsLive(screen: string): boolean {
  const g = connectionGroup(screen);
  return g !== undefined && g.startsWith('● ws') && !/[◐◌✕]/.test(g);
}

/** Every pane live: a book with levels, no stale marker, the connection and every channel live. */
export function everyPaneLive(screen: string): boolean {
  return liveBook(screen) && staleMarkers(screen).length === 0 && allChannelsLive(screen);
}

/** The status bar's message (after the last separator). */
export function statusMessage(screen: string): string {
  const parts = statusLine(screen).split('│');
  return (parts[parts.length - 1] ?? '').trim();
}
