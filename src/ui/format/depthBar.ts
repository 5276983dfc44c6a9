/**
 * Depth bars from bigint sizes: width in eighths of a cell computed with integer maths,
 * so the bar length is exact for any size and never exceeds the column.
 */

/** Left-aligned partial blocks, index = eighths (1..7). */
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'] as const;
const FULL = '█';

/** Bar length in eighths of a cell; a nonzero size always shows at least one eighth. */
export function depthEighths(size: bigint, maxSize: bigint, width: number): number {
  if (width <= 0 || size <= 0n || maxSize <= 0n) return 0;
  const capped = size > maxSize ? maxSize : size;
  const eighths = Number((capped * BigInt(width) * 8n) / maxSize);
  return Math.max(1, eighths);
}

/** Whole cells only (rounded to nearest, nonzero sizes at least 1): for right-aligned bars. */
export function depthCells(size: bigint, maxSize: bigint, width: number): number {
  if (width <= 0 || size <= 0n || maxSize <= 0n) return 0;
  const capped = size > maxSize ? maxSize : size;
  const twice = (capped * BigInt(width) * 2n) / maxSize;
  return Math.max(1, Number((twice + 1n) / 2n));
}

export interface DepthBarOptions {
  /** 'left' grows rightwards with eighth-block tips; 'right' grows leftwards in whole cells. */
  align?: 'left' | 'right';
  /** Use eighth-block glyphs for the tip (left alignment only). */
  partial?: boolean;
}

/** The bar padded to exactly `width` columns. */
export function depthBar(size: bigint, maxSize: bigint, width: number, opts: DepthBarOptions = {}): string {
  if (width <= 0) return '';
  const align = opts.align ?? 'left';
  if (align === 'right' || opts.partial === false) {
    const cells = depthCells(size, maxSize, width);
    const bar = FULL.repeat(cells);
    return align === 'right' ? ' '.repeat(width - cells) + bar : bar + ' '.repeat(width - cells);
  }
  const eighths = depthEighths(size, maxSize, width);
  const full = Math.floor(eighths / 8);
  const tip = EIGHTHS[eighths % 8] ?? '';
  const bar = FULL.repeat(full) + tip;
  return bar + ' '.repeat(width - full - (tip ? 1 : 0));
}
