/**
 * Random styled lines in the shapes chalk and ink produce: SGR opens and closes in
 * every colour form, attributes, wide glyphs (CJK, emoji), combining marks, box
 * drawing, runs of background-coloured spaces, and now and then a line longer than
 * the terminal (ink should not produce one, but the terminal wraps it).
 */
const ASCII = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:-+$%';
const SYMBOLS = ['─', '│', '┌', '┐', '█', '▌', '…', '→', '·', '▲', '▼'];
const WIDE = ['中', '文', '字', '表', 'Ａ', '한', '🚀', '😀'];
const COMBINING = ['e\u0301', 'a\u0308'];

export type Rng = () => number;

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

function color(rng: Rng, base: 30 | 40): string {
  const r = rng();
  if (r < 0.4) return String(base + Math.floor(rng() * 8));
  if (r < 0.6) return String(base + 60 + Math.floor(rng() * 8));
  if (r < 0.8) return `${base + 8};5;${Math.floor(rng() * 256)}`;
  return `${base + 8};2;${Math.floor(rng() * 256)};${Math.floor(rng() * 256)};${Math.floor(rng() * 256)}`;
}

const ATTRS: ReadonlyArray<readonly [string, string]> = [
  ['1', '22'],
  ['2', '22'],
  ['3', '23'],
  ['4', '24'],
  ['7', '27'],
  ['9', '29'],
];

function glyph(rng: Rng): { text: string; width: number } {
  const r = rng();
  if (r < 0.7) return { text: pick(rng, [...ASCII]), width: 1 };
  if (r < 0.82) return { text: pick(rng, SYMBOLS), width: 1 };
  if (r < 0.95) return { text: pick(rng, WIDE), width: 2 };
  return { text: pick(rng, COMBINING), width: 1 };
}

/** One line of at most about `cols` columns (sometimes a few more). */
export function randomLine(rng: Rng, cols: number): string {
  const r = rng();
  const target = r < 0.1 ? 0 : r < 0.95 ? Math.floor(rng() * (cols + 1)) : cols + 1 + Math.floor(rng() * 6);
  let width = 0;
  let out = '';
  while (width < target) {
    const opens: string[] = [];
    const closes: string[] = [];
    if (rng() < 0.5) {
      opens.push(color(rng, 30));
      closes.push('39');
    }
    if (rng() < 0.3) {
      opens.push(color(rng, 40));
      closes.push('49');
    }
    for (const [on, off] of ATTRS) {
      if (rng() < 0.1) {
        opens.push(on);
        closes.push(off);
      }
    }
    const length = 1 + Math.floor(rng() * 12);
    let text = '';
    for (let i = 0; i < length && width < target; i++) {
      const g = rng() < 0.15 ? { text: ' ', width: 1 } : glyph(rng);
      text += g.text;
      width += g.width;
    }
    if (opens.length === 0) out += text;
    else {
      // chalk closes each style on its own; sometimes a plain reset instead.
      const close = rng() < 0.2 ? '\x1b[0m' : closes.map((c) => `\x1b[${c}m`).join('');
      out += opens.map((o) => `\x1b[${o}m`).join('') + text + close;
    }
  }
  return out;
}

export function randomFrame(rng: Rng, cols: number, rows: number): string[] {
  const r = rng();
  // Mostly shorter than the screen (ink's normal case), sometimes exactly as tall or taller.
  const height = r < 0.8 ? 1 + Math.floor(rng() * (rows - 1)) : r < 0.9 ? rows : rows + 1 + Math.floor(rng() * 3);
  const lines: string[] = [];
  for (let i = 0; i < height; i++) lines.push(randomLine(rng, cols));
  return lines;
}

/** A frame that differs from `lines` in a few places, like a book or a price ticking. */
export function mutateFrame(rng: Rng, lines: string[], cols: number): string[] {
  const next = [...lines];
  const changes = 1 + Math.floor(rng() * 3);
  for (let i = 0; i < changes && next.length > 0; i++) {
    const y = Math.floor(rng() * next.length);
    next[y] = randomLine(rng, cols);
  }
  return next;
}
