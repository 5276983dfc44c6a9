import chalk from 'chalk';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/exchange/engine/prng.js';
import { applyOperations, frameString, type InkOperation } from '../../../src/ui/render/assembleFrame.js';
import { parseStyledLine, StyledLineCache } from '../../../src/ui/render/StyledLine.js';
import { useTrueColorChalk } from './inkFixtures.js';
import { randomLine, type Rng } from './randomFrames.js';
import { createTerminal, firstDifference, writeTerm } from './xtermScreen.js';

/**
 * perpdesk's frame assembly against ink's own (`Output.get()` of ink/build/output.js,
 * loaded as ink loads it): the same operations, both results written into headless
 * terminals, compared cell by cell.
 */

interface InkOutputLike {
  write(x: number, y: number, text: string, o: { transformers: Array<(line: string, index: number) => string> }): void;
  clip(c: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): { output: string; height: number };
  operations: InkOperation[];
}
type OutputCtor = new (o: { width: number; height: number }) => InkOutputLike;

const { default: Output } = (await import(new URL('./output.js', import.meta.resolve('ink')).href)) as { default: OutputCtor };

const int = (rng: Rng, n: number) => Math.floor(rng() * n);
const NARROW = /[中文字表Ａ한🚀😀]/gu;

/**
 * Random lines made fit for comparing with ink's assembly, which departs from what a
 * terminal shows in three cases perpdesk's does not copy: a combining mark gets a cell of
 * its own (the rest of the row lands a column right), bold is dropped when bold and dim
 * open on the same character, and a reset inside a line does not end a transformer's
 * colour. chalk never writes a reset, so those become chalk's own closing codes.
 */
function comparable(line: string): string {
  return line
    .replace(/[ea]\u0301|[ea]\u0308/gu, 'e')
    .replaceAll('\x1b[2m', '\x1b[3m')
    .replaceAll('\x1b[0m', '\x1b[39m\x1b[49m\x1b[22m\x1b[23m\x1b[24m\x1b[27m\x1b[29m');
}

/**
 * Random operations the way ink records them for a dashboard: the root box clips to the
 * screen, boxes clip their content, text is written line by line with chalk styles and a
 * colouring transformer now and then. `narrowOnly` drops wide glyphs where writes may
 * overlap: ink's own assembly misplaces the rest of a row when a narrow character lands
 * on half of a wide one, which no terminal would show, so there is nothing to agree with.
 */
function randomOperations(rng: Rng, width: number, height: number, narrowOnly: boolean): (o: InkOutputLike) => void {
  const script: Array<(o: InkOutputLike) => void> = [];
  script.push((o) => o.clip({ x1: 0, x2: width, y1: 0, y2: height }));
  let depth = 0;
  const ops = 5 + int(rng, 30);
  for (let k = 0; k < ops; k++) {
    const r = rng();
    if (r < 0.15) {
      const x1 = int(rng, width);
      const y1 = int(rng, height);
      const clip = rng() < 0.3 ? { x1, x2: x1 + int(rng, width - x1 + 1) } : { x1, x2: x1 + int(rng, width - x1 + 1), y1, y2: y1 + int(rng, height - y1 + 1) };
      script.push((o) => o.clip(clip));
      depth++;
    } else if (r < 0.25 && depth > 0) {
      script.push((o) => o.unclip());
      depth--;
    } else {
      // Never above the top: ink's assembly moves such lines down (it skips them without
      // counting them) unless a vertical clip cuts them first.
      const x = int(rng, width + 4) - 2;
      const y = int(rng, height + 2);
      const lines = Array.from({ length: 1 + int(rng, 3) }, () => {
        const line = randomLine(rng, Math.max(1, int(rng, width)));
        return comparable(narrowOnly ? line.replace(NARROW, 'x') : line);
      });
      const transformers = rng() < 0.2 ? [(line: string) => chalk.bgBlue(line)] : [];
      script.push((o) => o.write(x, y, lines.join('\n'), { transformers }));
    }
  }
  return (o) => script.forEach((step) => step(o));
}

async function show(width: number, height: number, frame: string) {
  const term = createTerminal(width, height);
  await writeTerm(term, `\x1b[H${frame}`);
  return term;
}

async function compare(seed: number, narrowOnly: boolean): Promise<string | null> {
  const rng = mulberry32(seed);
  const width = 10 + int(rng, 70);
  const height = 3 + int(rng, 20);
  const draw = randomOperations(rng, width, height, narrowOnly);
  const stock = new Output({ width, height });
  draw(stock);
  const ours = applyOperations(width, height, stock.operations, new StyledLineCache());
  const [a, b] = await Promise.all([show(width, height, stock.get().output), show(width, height, frameString(ours))]);
  const diff = firstDifference(a, b);
  a.dispose();
  b.dispose();
  return diff === null ? null : `seed ${seed} (${width}x${height}): ${diff}`;
}

useTrueColorChalk();

describe('assembleFrame', () => {
  it("draws the same cells as ink's Output.get() for 300 random overlapping frames", async () => {
    const failures: string[] = [];
    for (let seed = 1; seed <= 300; seed++) {
      const f = await compare(seed, true);
      if (f) failures.push(f);
    }
    expect(failures.slice(0, 3)).toEqual([]);
  });

  it('draws wide glyphs and emoji as ink does when rows do not overlap', async () => {
    const failures: string[] = [];
    for (let seed = 1000; seed < 1200; seed++) {
      const rng = mulberry32(seed);
      const width = 10 + int(rng, 60);
      const height = 2 + int(rng, 12);
      const stock = new Output({ width, height });
      stock.clip({ x1: 0, x2: width, y1: 0, y2: height });
      for (let y = 0; y < height; y++) {
        if (rng() >= 0.8) continue;
        const x = int(rng, 4);
        // Lines that fit: where ink's clip cuts through a wide glyph its row comes out a column too long.
        let line = comparable(randomLine(rng, width - 4));
        while (stringWidth(line) > width - x) line = comparable(randomLine(rng, width - 4));
        stock.write(x, y, line, { transformers: [] });
      }
      const ours = applyOperations(width, height, stock.operations, new StyledLineCache());
      const [a, b] = await Promise.all([show(width, height, stock.get().output), show(width, height, frameString(ours))]);
      const diff = firstDifference(a, b);
      if (diff) failures.push(`seed ${seed}: ${diff}`);
      a.dispose();
      b.dispose();
    }
    expect(failures.slice(0, 3)).toEqual([]);
  });

  it('ends every row in the default style and drops trailing default blanks', () => {
    const cache = new StyledLineCache();
    const buffer = applyOperations(8, 2, [{ type: 'write', x: 0, y: 0, text: '\x1b[31mab\x1b[39m  \n\x1b[42m \x1b[49m', transformers: [] }], cache);
    expect(frameString(buffer).split('\n')).toEqual(['\x1b[31mab\x1b[m', '\x1b[42m \x1b[m']);
  });
});

describe('StyledLineCache', () => {
  it('keeps the lines of the last two frames and no more', () => {
    const cache = new StyledLineCache();
    const first = cache.get('a');
    cache.endFrame();
    expect(cache.get('a')).toBe(first); // used again in the next frame: kept
    cache.endFrame();
    cache.get('b');
    cache.endFrame();
    cache.endFrame();
    expect(cache.size).toBe(0);
    expect(cache.get('a')).not.toBe(first);
  });

  it('caps the lines of one frame', () => {
    const cache = new StyledLineCache(100);
    for (let i = 0; i < 10_000; i++) cache.get(`line ${i}`);
    expect(cache.size).toBeLessThanOrEqual(200);
  });

  it('cuts a styled line into cells with widths and styles', () => {
    const line = parseStyledLine('\x1b[1ma\x1b[22m中e\u0301');
    expect(line.cols).toBe(4);
    expect([...line.chars]).toEqual(['a', '中', '', 'e\u0301']);
    expect([...line.widths]).toEqual([1, 2, 0, 1]);
    expect(line.flags[0]).not.toBe(0);
    expect(line.flags[1]).toBe(0);
  });
});
