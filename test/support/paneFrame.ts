/**
 * The screen's layout invariant, checked on what a terminal shows: every pane's frame sits
 * exactly in the rectangle the layout gave it (corners on its corners, side borders on every
 * row between, the bottom border on its last row, the first content row in use), the header
 * area's rows (the market line, the account strip) are the first rows and filled, and the
 * status bar is the root's last row (rows - 2; the terminal's last row stays empty). Shared by the in-process screen tests and the pty end-to-end tests.
 */
import type xterm from '@xterm/headless';
import { snapshot } from '../../bench/dashboard/screen.js';
import type { Layout, PaneRect } from '../../src/ui/app/layout.js';

/** One character per terminal column (a wide glyph's second column is ''). */
export type Grid = readonly (readonly string[])[];

/** The visible screen of a headless xterm as a column grid (callers flush the parser first). */
export function gridOf(term: InstanceType<typeof xterm.Terminal>): string[][] {
  const s = snapshot(term);
  return Array.from({ length: s.rows }, (_, y) => s.chars.slice(y * s.cols, (y + 1) * s.cols));
}

const TOP_LEFT = '╭┏';
const TOP_RIGHT = '╮┓';
const BOTTOM_LEFT = '╰┗';
const BOTTOM_RIGHT = '╯┛';
const SIDE = '│┃';
const FLAT = '─━';

function at(grid: Grid, x: number, y: number): string {
  return grid[y]?.[x] ?? '';
}

function rowText(grid: Grid, y: number, x0 = 0, x1 = Infinity): string {
  return (grid[y] ?? []).slice(x0, x1).join('');
}

function paneViolations(grid: Grid, p: PaneRect): string[] {
  const out: string[] = [];
  const name = `${p.tabs.join('|')} @${p.x},${p.y} ${p.width}x${p.height}`;
  const right = p.x + p.width - 1;
  const bottom = p.y + p.height - 1;
  const expect = (ok: boolean, what: string, x: number, y: number) => {
    if (!ok) out.push(`${name}: ${what} at ${x},${y} is '${at(grid, x, y)}' (row: "${rowText(grid, y, p.x, p.x + p.width)}")`);
  };
  expect(TOP_LEFT.includes(at(grid, p.x, p.y)), 'top-left corner', p.x, p.y);
  expect(TOP_RIGHT.includes(at(grid, right, p.y)), 'top-right corner', right, p.y);
  expect(BOTTOM_LEFT.includes(at(grid, p.x, bottom)), 'bottom-left corner', p.x, bottom);
  expect(BOTTOM_RIGHT.includes(at(grid, right, bottom)), 'bottom-right corner', right, bottom);
  for (let x = p.x + 1; x < right; x++) {
    if (!FLAT.includes(at(grid, x, bottom))) {
      expect(false, 'bottom border', x, bottom);
      break;
    }
  }
  for (let y = p.y + 1; y < bottom; y++) {
    expect(SIDE.includes(at(grid, p.x, y)), 'left border', p.x, y);
    expect(SIDE.includes(at(grid, right, y)), 'right border', right, y);
  }
  // Every pane starts its content on its first inner row (column titles, a header line or a
  // summary): a blank first row means the content was pushed down and its last row lost.
  if (p.height > 2 && rowText(grid, p.y + 1, p.x + 1, right).trim() === '') out.push(`${name}: first content row is blank`);
  return out;
}

/** Everything wrong with the screen for this layout; empty when the frame is whole. */
export function frameViolations(grid: Grid, layout: Layout): string[] {
  if (layout.template === 'tooSmall') return [];
  const out: string[] = [];
  for (const p of layout.panes) {
    if (p.id === 'header') {
      // Every row of the header area is a bar of its own (the market line, the account strip).
      for (let y = p.y; y < p.y + p.height; y++) {
        if (rowText(grid, y).trim() === '') out.push(`header row ${y} is blank`);
        if (/^[╭┏│┃╰┗]/.test(rowText(grid, y))) out.push(`header row ${y} is a border: "${rowText(grid, y)}"`);
      }
    } else if (p.id === 'status') {
      // The status bar, then the key hint line on the frame's last row.
      const last = p.y + p.height - 1;
      if (last !== layout.rows - 2) out.push(`bottom area ends on row ${last}, not the root's last row ${layout.rows - 2}`);
      if (!/TRADING|READ-ONLY|\bTR\b|\bRO\b/.test(rowText(grid, p.y))) out.push(`status bar row ${p.y} is "${rowText(grid, p.y)}"`);
      if (!/\? help/.test(rowText(grid, last)) && rowText(grid, last).trim() === '') out.push(`key hint row ${last} is blank`);
    } else {
      out.push(...paneViolations(grid, p));
    }
  }
  if (rowText(grid, layout.rows - 1).trim() !== '') out.push(`last terminal row is not empty: "${rowText(grid, layout.rows - 1)}"`);
  return out;
}
