import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/exchange/engine/prng.js';
import { DiffingStdout } from '../../../src/ui/render/DiffingStdout.js';
import { FakeTarget } from './fakeTarget.js';
import { InkLikeWriter } from './inkLikeWriter.js';
import { mutateFrame, randomFrame } from './randomFrames.js';
import { createTerminal, firstBufferDifference, firstDifference, resizeCropping, writeTerm } from './xtermScreen.js';

const SIZES: ReadonlyArray<readonly [number, number]> = [
  [80, 24],
  [120, 40],
  [40, 10],
  [20, 6],
  [100, 30],
];

/**
 * Replays a random frame sequence into two terminals: the reference gets ink's raw
 * bytes, the other gets what DiffingStdout made of them. After every frame both
 * must show the same cells.
 */
async function replay(seed: number, steps: number): Promise<void> {
  const rng = mulberry32(seed);
  let [cols, rows] = SIZES[Math.floor(rng() * SIZES.length)]!;
  const reference = createTerminal(cols, rows);
  const viaDiff = createTerminal(cols, rows);
  const target = new FakeTarget(cols, rows);
  const stdout = new DiffingStdout(target, { resizeSettleMs: 0 });
  const ink = new InkLikeWriter(rows);
  let lines = randomFrame(rng, cols, rows);
  try {
    for (let step = 0; step < steps; step++) {
      const r = rng();
      let raw = '';
      if (r < 0.1) {
        const [c, h] = SIZES[Math.floor(rng() * SIZES.length)]!;
        const narrower = c < cols;
        [cols, rows] = [c, h];
        await Promise.all([resizeCropping(reference, cols, rows), resizeCropping(viaDiff, cols, rows)]);
        target.columns = cols;
        target.rows = rows;
        target.emit('resize');
        raw += ink.resize(narrower, rows);
        lines = randomFrame(rng, cols, rows);
      } else if (r < 0.5) {
        lines = randomFrame(rng, cols, rows);
      } else {
        lines = mutateFrame(rng, lines, cols);
      }
      raw += ink.frame(lines);
      // ink's bytes arrive in pieces cut anywhere (inside sequences and surrogate pairs too).
      let at = 0;
      while (at < raw.length) {
        const size = rng() < 0.7 ? raw.length : 1 + Math.floor(rng() * 40);
        stdout.write(raw.slice(at, at + size));
        at += size;
      }
      stdout.flush();
      await Promise.all([writeTerm(reference, raw), writeTerm(viaDiff, target.take())]);
      const diff = firstDifference(reference, viaDiff) ?? firstBufferDifference(reference, stdout.screen);
      if (diff !== null) throw new Error(`seed ${seed}, step ${step} (${cols}x${rows}): ${diff}`);
    }
  } finally {
    stdout.detach();
    reference.dispose();
    viaDiff.dispose();
  }
}

describe('DiffingStdout against a terminal fed ink output directly', () => {
  it('shows the same cells after every frame of random frame sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => replay(seed, 30)),
      { numRuns: 25 },
    );
  });

  it('writes each frame as it arrives, with no flush call', async () => {
    const target = new FakeTarget(30, 5);
    const stdout = new DiffingStdout(target);
    const ink = new InkLikeWriter(5);
    stdout.write(ink.frame(['hello']));
    expect(target.take()).toContain('hello');
    stdout.write(ink.frame(['hallo']));
    const second = target.take();
    expect(second).toContain('a');
    expect(second).not.toContain('hallo');
    stdout.detach();
  });
});
