import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/exchange/engine/prng.js';
import type { InkOperation } from '../../../src/ui/render/assembleFrame.js';
import { frameString } from '../../../src/ui/render/assembleFrame.js';
import { inkEraseLines, RootFrames } from '../../../src/ui/render/cellFrames.js';
import { DiffingStdout } from '../../../src/ui/render/DiffingStdout.js';
import { StyledLineCache } from '../../../src/ui/render/StyledLine.js';
import { FakeTarget } from './fakeTarget.js';
import { BSU, eraseLines, ESU } from './inkLikeWriter.js';
import { mutateFrame, randomFrame } from './randomFrames.js';
import { createTerminal, firstBufferDifference, resizeCropping, writeTerm } from './xtermScreen.js';

/**
 * Frames handed over as cells are placed and diffed row by row: where the screen is known to
 * show the frame before, only the rows the frame changed are copied and compared
 * (DiffingStdout, RootFrames.changed). Whatever else is written in between, the screen and
 * the terminal must end up as with the frame's text written in full.
 */

const ESC = '\x1b[';

const open: DiffingStdout[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.detach();
});

function operations(lines: readonly string[]): InkOperation[] {
  return lines.map((text, y) => ({ type: 'write', x: 0, y, text, transformers: [] }));
}

describe('cell frames placed and diffed by the rows they changed', () => {
  it('recognises exactly what ink erases before a frame', () => {
    for (let n = 0; n < 50; n++) expect(inkEraseLines(`${eraseLines(n)}rest`, eraseLines(n).length)).toBe(n);
    expect(inkEraseLines(`${ESC}2K${ESC}G`, 7)).toBe(1);
    expect(inkEraseLines(`${ESC}2K${ESC}2A${ESC}2K${ESC}G`, 15)).toBe(-1);
    expect(inkEraseLines(`${ESC}2K${ESC}1A${ESC}2K`, 12)).toBe(-1);
    expect(inkEraseLines(`${BSU}${ESC}2K${ESC}G`, 15)).toBe(-1);
  });

  it('leaves screen and terminal as the frames written in full would (on lines erased first), whatever is written in between', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const rng = mulberry32(seed);
      let cols = 16 + Math.floor(rng() * 10);
      let rows = 6 + Math.floor(rng() * 4);
      const target = new FakeTarget(cols, rows);
      const refTarget = new FakeTarget(cols, rows);
      const stdout = new DiffingStdout(target);
      const ref = new DiffingStdout(refTarget);
      open.push(stdout, ref);
      const term = createTerminal(cols, rows);
      const frames = new RootFrames();
      const cache = new StyledLineCache();
      let lines = randomFrame(rng, cols, rows - 1).slice(0, rows - 1);
      let previousLineCount = 0;
      let lastToken = '';
      // Both stdouts get the same writes; the reference gets each frame's text, not its cells.
      const both = (text: string, refText = text): void => {
        stdout.write(text);
        ref.write(refText);
      };
      try {
        for (let step = 0; step < 120; step++) {
          const r = rng();
          if (r < 0.08) {
            // Something draws on the screen and puts the cursor back where it was.
            both(`\x1b7${ESC}${1 + Math.floor(rng() * rows)};${1 + Math.floor(rng() * cols)}H${ESC}3${Math.floor(rng() * 8)}mzz${ESC}m\x1b8`);
          } else if (r < 0.12) {
            both(`${ESC}?25${rng() < 0.5 ? 'l' : 'h'}`);
          } else if (r < 0.15) {
            cols = 16 + Math.floor(rng() * 10);
            rows = 6 + Math.floor(rng() * 4);
            for (const t of [target, refTarget]) {
              t.columns = cols;
              t.rows = rows;
              t.emit('resize');
            }
            await resizeCropping(term, cols, rows);
            lines = lines.slice(0, rows - 1);
            stdout.flush();
            ref.flush();
          } else if (r < 0.18) {
            // A frame assembled that ink never writes (its throttle kept only the newest).
            frames.assemble(cols, lines.length, operations(mutateFrame(rng, lines, cols)), cache);
            cache.endFrame();
            stdout.perpdeskFrame(frames.shown!, undefined, frames);
          } else if (r < 0.2) {
            stdout.invalidate();
            ref.invalidate();
          }
          // The frame, as ink writes it: a frame shorter than the screen, its erase, its token, a
          // newline; now and then two frames in one bracket (one diff for both).
          const twice = rng() < 0.1;
          let written = 0;
          for (let k = 0; k < (twice ? 2 : 1); k++) {
            const roll = rng();
            if (roll < 0.15) lines = randomFrame(rng, cols, rows - 1).slice(0, rows - 1);
            else if (roll < 0.85) lines = mutateFrame(rng, lines, cols);
            const token = frames.assemble(cols, lines.length, operations(lines), cache);
            cache.endFrame();
            stdout.perpdeskFrame(frames.shown!, undefined, frames);
            if (token === lastToken) continue;
            lastToken = token;
            if (written++ === 0) both(BSU);
            const erase = eraseLines(previousLineCount);
            // The reference's rows are written on lines erased first, as placing cells draws them.
            const text = frameString(frames.shown!).split('\n').map((row) => `${ESC}2K${row}`).join('\n');
            both(`${erase}${token}\n`, `${erase}${text}\n`);
            previousLineCount = lines.length + 1;
          }
          if (written === 0) continue;
          both(ESU);
          await writeTerm(term, target.take());
          refTarget.take();
          const where = `seed ${seed}, step ${step}`;
          expect(firstBufferDifference(term, ref.screen), where).toBeNull();
          expect(firstBufferDifference(term, stdout.screen), where).toBeNull();
        }
      } finally {
        term.dispose();
      }
    }
  });
});
