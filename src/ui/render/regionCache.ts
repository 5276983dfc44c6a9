import { copyCells, type ScreenBuffer } from './ScreenBuffer.js';

/**
 * A region is a box of the dashboard (a pane's area, the header, the status bar, an
 * overlay) whose cells are kept from one frame to the next. ink walks its whole tree every
 * frame; scripts/patchInk.mjs has ink's DOM note which nodes changed since they were last
 * drawn (`perpdeskDirty`, set on a node and every ancestor by each change) and has
 * `renderNodeToOutput` hand a box marked as a region (`<Region>`, the `perpdeskRegion`
 * style key) to `Output.perpdeskRegion`, installed by installFastAssembly. A region that
 * did not change and sits where it sat, at the same size and under the same clip, is drawn
 * by one `blit` operation: the frame assembly (assembleFrame.ts) copies the cells the
 * region drew last time, and nothing under it is walked, wrapped, coloured or measured.
 * A region that changed is walked as before, and a `capture` operation after its own
 * operations keeps its cells for the next frame. A region that did not change but moved
 * (a list's row pushed down by a new one), whole inside the clip before and after, is
 * drawn from its cells at its new place.
 *
 * The kept cells are those of the region's rectangle once its own operations are drawn,
 * so whatever was drawn under the region before it (its ancestors, earlier siblings) is
 * kept with them: a region must cover what it shows (its ancestors draw no background or
 * border under it, as the shell's rows do not). Everything here lives on ink's DOM nodes
 * and Output instances, so each screen keeps its own.
 */

export interface Bounds {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

/** Regions drawn afresh and regions drawn from their kept cells. */
export interface RegionCounts {
  drawn: number;
  kept: number;
}

/** The cell arrays a frame and a region's kept cells share. */
interface CellArrays {
  chars: string[];
  widths: Uint8Array;
  fg: Uint32Array;
  bg: Uint32Array;
  flags: Uint16Array;
}

/** A region's kept cells: the rectangle `bounds` of the frame, row by row. */
export class RegionEntry {
  chars: string[] = [];
  widths = new Uint8Array(0);
  fg = new Uint32Array(0);
  bg = new Uint32Array(0);
  flags = new Uint16Array(0);
  /** False until a frame's assembly has captured the cells. */
  captured = false;

  /** The region's box on the frame: its laid-out position and size. */
  x = 0;
  y = 0;
  width = 0;
  height = 0;
  /** The innermost clip in force where the region was drawn, resolved to the frame. */
  clip: Bounds = { x1: 0, x2: 0, y1: 0, y2: 0 };
  /** The frame's own size. */
  frameWidth = 0;
  frameHeight = 0;

  /** Where the region is drawn this frame; its cells are captured once the frame's assembly reaches it. */
  place(x: number, y: number, width: number, height: number, clip: Bounds, frameWidth: number, frameHeight: number): this {
    this.x = x;
    this.y = y;
    this.width = width;
    this.height = height;
    this.clip = clip;
    this.frameWidth = frameWidth;
    this.frameHeight = frameHeight;
    this.captured = false;
    return this;
  }

  /** The cells it keeps: the box within the clip and the frame. */
  get bounds(): Bounds {
    return {
      x1: Math.max(this.x, this.clip.x1, 0),
      x2: Math.min(this.x + this.width, this.clip.x2, this.frameWidth),
      y1: Math.max(this.y, this.clip.y1, 0),
      y2: Math.min(this.y + this.height, this.clip.y2, this.frameHeight),
    };
  }

  /** True when a region drawn at this place would draw into the same cells under the same clip. */
  matches(x: number, y: number, width: number, height: number, clip: Bounds, frameWidth: number, frameHeight: number): boolean {
    return (
      this.captured &&
      this.x === x &&
      this.y === y &&
      this.width === width &&
      this.height === height &&
      this.frameWidth === frameWidth &&
      this.frameHeight === frameHeight &&
      sameBounds(this.clip, clip)
    );
  }

  /**
   * True when the region, kept whole where it was, can be drawn from its cells at another
   * place of the same frame: same size, nothing of it cut by the clip or the frame either
   * there or here. A row of a list that moves down when a row is added above it is such a
   * region: its cells are what they were, one row lower.
   */
  movable(x: number, y: number, width: number, height: number, clip: Bounds, frameWidth: number, frameHeight: number): boolean {
    if (!this.captured || this.width !== width || this.height !== height || this.frameWidth !== frameWidth || this.frameHeight !== frameHeight) return false;
    return whole(this.x, this.y, width, height, this.clip, frameWidth, frameHeight) && whole(x, y, width, height, clip, frameWidth, frameHeight);
  }

  /** The region's kept cells, drawn at its new place from the next blit on. */
  moveTo(x: number, y: number, clip: Bounds): this {
    this.x = x;
    this.y = y;
    this.clip = clip;
    return this;
  }

  /** Keeps the frame's cells of the region (after the region's own operations). */
  capture(buffer: ScreenBuffer): void {
    const b = this.bounds;
    const w = Math.max(0, b.x2 - b.x1);
    const size = w * Math.max(0, b.y2 - b.y1);
    if (this.widths.length !== size) {
      this.chars = new Array<string>(size);
      this.widths = new Uint8Array(size);
      this.fg = new Uint32Array(size);
      this.bg = new Uint32Array(size);
      this.flags = new Uint16Array(size);
    }
    this.copy(buffer, true);
    this.captured = true;
  }

  /** Draws the kept cells back into the frame, where they were captured. */
  blit(buffer: ScreenBuffer): void {
    this.copy(buffer, false);
  }

  /** Row by row between the frame's rectangle and the kept cells, either way. */
  private copy(buffer: ScreenBuffer, fromFrame: boolean): void {
    const b = this.bounds;
    const w = Math.max(0, b.x2 - b.x1);
    for (let row = 0; row < b.y2 - b.y1; row++) {
      const frame = (b.y1 + row) * buffer.cols + b.x1;
      const kept = row * w;
      const src: CellArrays = fromFrame ? buffer : this;
      const dst: CellArrays = fromFrame ? this : buffer;
      const from = fromFrame ? frame : kept;
      const to = fromFrame ? kept : frame;
      copyCells(src, from, dst, to, w);
    }
  }
}

/** A box that lies wholly inside the clip and the frame. */
function whole(x: number, y: number, width: number, height: number, clip: Bounds, frameWidth: number, frameHeight: number): boolean {
  return x >= Math.max(clip.x1, 0) && y >= Math.max(clip.y1, 0) && x + width <= Math.min(clip.x2, frameWidth) && y + height <= Math.min(clip.y2, frameHeight);
}

function sameBounds(a: Bounds, b: Bounds): boolean {
  return a.x1 === b.x1 && a.x2 === b.x2 && a.y1 === b.y1 && a.y2 === b.y2;
}

/** ink's clip: the edges it clips at (a pair given as numbers clips on that axis). */
export interface InkClip {
  x1?: number | undefined;
  x2?: number | undefined;
  y1?: number | undefined;
  y2?: number | undefined;
}

/** The clip as the frame assembly applies it: a pair of edges given as numbers, or the whole frame. */
export function resolveClip(c: InkClip | undefined, width: number, height: number): Bounds {
  if (c === undefined) return { x1: 0, x2: width, y1: 0, y2: height };
  const horizontal = typeof c.x1 === 'number' && typeof c.x2 === 'number';
  const vertical = typeof c.y1 === 'number' && typeof c.y2 === 'number';
  return { x1: horizontal ? c.x1! : 0, x2: horizontal ? c.x2! : width, y1: vertical ? c.y1! : 0, y2: vertical ? c.y2! : height };
}

/** The few members of ink's yoga node and DOM node a region reads. */
interface RegionNode {
  style: { overflowX?: string | undefined; overflowY?: string | undefined };
  yogaNode: { getComputedLeft(): number; getComputedTop(): number; getComputedWidth(): number; getComputedHeight(): number };
  perpdeskRegionEntry?: RegionEntry | undefined;
}

/** What a region adds to ink's recorded operations. */
export type RegionOperation = { type: 'blit'; entry: RegionEntry } | { type: 'capture'; entry: RegionEntry };

/** The members of ink's Output instance a region uses (clips are tracked by installFastAssembly). */
export interface RegionOutput {
  width: number;
  height: number;
  operations: unknown[];
  perpdeskClips?: InkClip[];
  /** Regions drawn and regions kept in this frame (tests and the bench read them). */
  perpdeskRegionStats?: RegionCounts;
}

/**
 * `Output.perpdeskRegion`: called by ink's patched renderNodeToOutput for a region box
 * with the box's parent offset, whether anything under it changed since it was last drawn,
 * and the walk that draws it.
 */
export function drawRegion(this: RegionOutput, node: RegionNode, offsetX: number, offsetY: number, dirty: boolean, draw: () => void): void {
  const yoga = node.yogaNode;
  const x = offsetX + yoga.getComputedLeft();
  const y = offsetY + yoga.getComputedTop();
  const width = yoga.getComputedWidth();
  const height = yoga.getComputedHeight();
  const clip = resolveClip(this.perpdeskClips?.at(-1), this.width, this.height);
  const stats = (this.perpdeskRegionStats ??= { drawn: 0, kept: 0 });
  // A box that lets its content out draws cells outside its rectangle, which it would not keep.
  if (node.style.overflowX !== 'hidden' || node.style.overflowY !== 'hidden') {
    draw();
    return;
  }
  const entry = node.perpdeskRegionEntry;
  if (!dirty && entry !== undefined) {
    const same = entry.matches(x, y, width, height, clip, this.width, this.height);
    if (same || entry.movable(x, y, width, height, clip, this.width, this.height)) {
      if (!same) entry.moveTo(x, y, clip);
      this.operations.push({ type: 'blit', entry } satisfies RegionOperation);
      stats.kept += 1;
      return;
    }
  }
  draw();
  const next = (entry ?? new RegionEntry()).place(x, y, width, height, clip, this.width, this.height);
  node.perpdeskRegionEntry = next;
  this.operations.push({ type: 'capture', entry: next } satisfies RegionOperation);
  stats.drawn += 1;
}
