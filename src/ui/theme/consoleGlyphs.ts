/**
 * Glyphs the Linux console can draw. Its fonts carry the VGA set (code page 437: light and
 * double box lines, full and half blocks, arrows, ▲ ▼ • · ± ≤) and little else: no eighth
 * blocks (▁▂▃ ▏▎▍), no heavy or rounded corners, no ✓ ✗ ✕ ◐ ◌ ⏸ ⚠ ★, no … or —. On
 * TERM=linux every frame goes out with those replaced by one of the VGA set or ASCII, each
 * one column as the glyph it stands for, so ink's layout is unchanged.
 */
export type GlyphSet = 'unicode' | 'vga';

/** The glyph set a terminal type can draw: the VGA-safe one on the Linux console. */
export function glyphSetFor(env: Record<string, string | undefined>): GlyphSet {
  return env['TERM'] === 'linux' || env['TERM']?.startsWith('linux-') ? 'vga' : 'unicode';
}

/** Each replacement one column wide, as the glyph (string-width) it replaces. */
const VGA: ReadonlyMap<string, string> = new Map(
  Object.entries({
    // Bars: eighths rounded to what the VGA set has.
    '▁': '_', '▂': '_', '▃': '▄', '▅': '▄', '▆': '█', '▇': '█',
    '▏': '|', '▎': '|', '▍': '▌', '▋': '▌', '▊': '█', '▉': '█',
    // Borders: heavy and rounded corners as light ones; dashed lines as dashes.
    '┃': '│', '━': '─', '┏': '┌', '┓': '┐', '┗': '└', '┛': '┘',
    '╭': '┌', '╮': '┐', '╰': '└', '╯': '┘', '┄': '-', '╌': '-',
    // Marks.
    '✓': '+', '✗': 'x', '✕': 'x', '×': 'x', '◐': '~', '◌': '.', '●': '*', '⏸': '=', '‖': '|',
    '⚠': '!', '⧗': '~', '★': '*', '◆': '#', '↻': '~', '∅': '-', '␛': '^',
    // Punctuation.
    '…': '.', '—': '-', '–': '-', '−': '-', '›': '>', '‹': '<', '’': "'",
  }),
);

const OUTSIDE_VGA = new RegExp(`[${[...VGA.keys()].join('')}]`, 'gu');

/** The text with every glyph outside the VGA set replaced. */
export function toVga(text: string): string {
  return text.replace(OUTSIDE_VGA, (c) => VGA.get(c) ?? c);
}

/** The glyphs toVga replaces (for tests: none of them may reach a Linux console). */
export const NON_VGA_GLYPHS: readonly string[] = [...VGA.keys()];

/**
 * An output stream that writes through `stream` with toVga applied: every property and
 * method of the stream as it is (size, resize events, isTTY), only `write` translated.
 */
export function vgaStream<S extends NodeJS.WritableStream>(stream: S): S {
  return new Proxy(stream, {
    get(target, key) {
      if (key === 'write') {
        return (chunk: unknown, ...rest: unknown[]) =>
          (target.write as (...a: unknown[]) => boolean)(typeof chunk === 'string' ? toVga(chunk) : chunk, ...rest);
      }
      const v: unknown = Reflect.get(target, key, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
