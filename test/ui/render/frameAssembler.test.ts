import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/exchange/engine/prng.js';
import { applyOperations, FrameAssembler, frameString, type InkOperation } from '../../../src/ui/render/assembleFrame.js';
import { StyledLineCache } from '../../../src/ui/render/StyledLine.js';
import { mutateFrame, randomFrame } from './randomFrames.js';

/**
 * The reusing assembler (a grid drawn over the frame before last, unchanged rows' strings
 * kept) against the allocating one: over a run of frames on screens of a few sizes, each
 * frame string is the same.
 */

const RUNS = Number(process.env['PERPDESK_ASSEMBLER_RUNS'] ?? 60);

/** A frame as ink records it: each line written at its row, now and then clipped or off to the right. */
function operationsOf(lines: readonly string[], rng: () => number, width: number): InkOperation[] {
  const ops: InkOperation[] = [];
  const clip = rng() < 0.3;
  if (clip) ops.push({ type: 'clip', clip: { x1: 0, x2: Math.max(1, Math.floor(width * rng())) } });
  lines.forEach((text, y) => ops.push({ type: 'write', x: rng() < 0.1 ? 1 : 0, y, text, transformers: [] }));
  if (clip) ops.push({ type: 'unclip' });
  return ops;
}

describe('FrameAssembler', () => {
  it('assembles every frame as applyOperations and frameString do, over runs of frames on several screen sizes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 5, max: 40 }), (seed, frames) => {
        const rng = mulberry32(seed);
        const sizes = Array.from({ length: 1 + Math.floor(rng() * 6) }, () => [4 + Math.floor(rng() * 40), 1 + Math.floor(rng() * 12)] as const);
        const shown = sizes.map(([cols, rows]) => randomFrame(rng, cols, rows));
        // Two assemblers: the reusing one under test, and a reference cache for the allocating path.
        const assembler = new FrameAssembler(3);
        const cacheA = new StyledLineCache();
        const cacheB = new StyledLineCache();
        for (let f = 0; f < frames; f++) {
          const s = Math.floor(rng() * sizes.length);
          const [cols, rows] = sizes[s]!;
          if (rng() < 0.7) shown[s] = mutateFrame(rng, shown[s]!, cols);
          const ops = operationsOf(shown[s]!, rng, cols);
          const ours = assembler.assemble(cols, rows, ops, cacheA);
          const reference = frameString(applyOperations(cols, rows, ops, cacheB));
          cacheA.endFrame();
          cacheB.endFrame();
          if (ours !== reference) return false;
        }
        return true;
      }),
      { numRuns: RUNS, seed: 43 },
    );
  });

  it('gives a frame drawn in full when the same size comes back after others pushed it out', () => {
    const assembler = new FrameAssembler(1);
    const cache = new StyledLineCache();
    const a: InkOperation[] = [{ type: 'write', x: 0, y: 0, text: 'left\nrow two', transformers: [] }];
    const b: InkOperation[] = [{ type: 'write', x: 0, y: 0, text: 'other', transformers: [] }];
    expect(assembler.assemble(10, 2, a, cache)).toBe('left\nrow two');
    expect(assembler.assemble(12, 3, b, cache)).toBe('other\n\n');
    expect(assembler.assemble(10, 2, b, cache)).toBe('other\n');
    expect(assembler.assemble(10, 2, a, cache)).toBe('left\nrow two');
  });
});
