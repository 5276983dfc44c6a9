import * as ink from 'ink';
import { FrameAssembler, type InkOperation } from './assembleFrame.js';
import { isCellFrameSink, RootFrames } from './cellFrames.js';
import { drawRegion, type InkClip, type RegionOutput } from './regionCache.js';
import { StyledLineCache } from './StyledLine.js';

/**
 * Swaps ink's frame assembly (`Output.prototype.get` in ink/build/output.js) for
 * `assembleFrame`, which draws the same cells at a fraction of the cost (figures in
 * docs/performance.md). ink does not export its Output class: scripts/patchInk.mjs adds the
 * export (`PerpdeskOutput`), which reaches the same class in the bundled build as in the
 * sources. Without the patch the class is reached by its file next to ink's entry point,
 * the same URL ink imports, hence the same module; in the bundled build that file is a
 * second copy, so without the patch the bundle keeps ink's own assembly (the build warns).
 *
 * Only ink 6's Output shape is known to work; on anything else nothing is replaced and
 * ink's own assembly stays (the result says why), so a different ink can cost speed
 * but never a wrong screen.
 */

interface InkOutput extends RegionOutput {
  width: number;
  height: number;
  operations: InkOperation[];
  get(): { output: string; height: number };
  clip(clip: InkClip): void;
  unclip(): void;
  perpdeskRegion?: typeof drawRegion;
  /** The root node drawn (renderer.js, patched) and, on it, the stdout it is drawn for (ink.js, patched). */
  perpdeskRoot?: { perpdeskStdout?: unknown; perpdeskFrames?: RootFrames };
}

type OutputClass = { prototype: InkOutput } & (new (o: { width: number; height: number }) => InkOutput);

export type FastAssemblyResult = { installed: true; restore: () => void } | { installed: false; reason: string };

let active: { restore: () => void } | undefined;

function checkedOutputClass(Output: OutputClass | undefined): OutputClass | string {
  if (typeof Output !== 'function' || typeof Output.prototype?.get !== 'function') return 'ink/build/output.js has no Output class with get()';
  const probe = new Output({ width: 2, height: 1 });
  if (!Array.isArray(probe.operations) || probe.width !== 2 || probe.height !== 1) return "ink's Output does not keep width, height and operations";
  return Output;
}

async function loadOutputClass(): Promise<OutputClass | string> {
  const exported = (ink as unknown as Record<string, unknown>)['PerpdeskOutput'];
  if (exported !== undefined) return checkedOutputClass(exported as OutputClass);
  let url: URL;
  try {
    url = new URL('./output.js', import.meta.resolve('ink'));
  } catch (e) {
    return `cannot resolve ink: ${e instanceof Error ? e.message : String(e)}`;
  }
  try {
    const mod = (await import(url.href)) as { default?: unknown };
    return checkedOutputClass(mod.default as OutputClass | undefined);
  } catch (e) {
    return `cannot load ink's Output: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/**
 * `regions` (default on; PERPDESK_REGIONS=0 turns it off): a region box that did not change
 * is drawn from its kept cells (regionCache.ts). `cellFrames` (default on;
 * PERPDESK_CELL_FRAMES=0 turns it off): a DiffingStdout is handed each frame's cells rather
 * than its text (cellFrames.ts). Both switches exist for the bench's comparison.
 */
export async function installFastAssembly(o: { regions?: boolean; cellFrames?: boolean } = {}): Promise<FastAssemblyResult> {
  if (active) return { installed: true, restore: active.restore };
  const Output = await loadOutputClass();
  if (typeof Output === 'string') return { installed: false, reason: Output };
  const original = Output.prototype.get;
  const originalClip = Output.prototype.clip;
  const originalUnclip = Output.prototype.unclip;
  const regions = o.regions ?? process.env['PERPDESK_REGIONS'] !== '0';
  const cellFrames = o.cellFrames ?? process.env['PERPDESK_CELL_FRAMES'] !== '0';
  if (regions) {
    // Where a region is drawn, the clip in force decides which of its cells show.
    Output.prototype.clip = function clip(this: InkOutput, c: InkClip) {
      (this.perpdeskClips ??= []).push(c);
      originalClip.call(this, c);
    };
    Output.prototype.unclip = function unclip(this: InkOutput) {
      this.perpdeskClips?.pop();
      originalUnclip.call(this);
    };
    Output.prototype.perpdeskRegion = drawRegion;
  }
  const cache = new StyledLineCache();
  const assembler = new FrameAssembler();
  Output.prototype.get = function get(this: InkOutput) {
    const root = this.perpdeskRoot;
    const sink = root?.perpdeskStdout;
    if (cellFrames && root !== undefined && isCellFrameSink(sink)) {
      // The stdout takes the cells; ink gets the frame's token (cellFrames.ts).
      const frames = (root.perpdeskFrames ??= new RootFrames());
      const token = frames.assemble(this.width, this.height, this.operations, cache);
      cache.endFrame();
      sink.perpdeskFrame(frames.shown!, this.perpdeskRegionStats, frames);
      return { output: token, height: this.height };
    }
    const output = assembler.assemble(this.width, this.height, this.operations, cache);
    cache.endFrame();
    return { output, height: this.height };
  };
  const restore = () => {
    Output.prototype.get = original;
    Output.prototype.clip = originalClip;
    Output.prototype.unclip = originalUnclip;
    delete Output.prototype.perpdeskRegion;
    active = undefined;
  };
  active = { restore };
  return { installed: true, restore };
}
