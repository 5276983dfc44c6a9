import { render } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { DiffingStdout } from '../../../src/ui/render/DiffingStdout.js';
import { Dashboard, FakeStdin, FakeTty, showsFrame, useTrueColorChalk, type DashboardProps as Props, type Term } from './inkFixtures.js';
import { createTerminal, firstDifference, resizeCropping, look, visibleCells, type CellView } from './xtermScreen.js';

/**
 * Real ink, twice: one instance writes straight into a terminal, the other through
 * DiffingStdout into a second terminal. Both must show the same cells after every
 * update, at 80x24 and 120x40 and across resizes.
 */

useTrueColorChalk();

interface Pair {
  ref: { term: Term; tty: FakeTty; app: ReturnType<typeof render> };
  diff: { term: Term; tty: FakeTty; app: ReturnType<typeof render>; stdout: DiffingStdout };
  props: Props;
}

let pairs: Pair[] = [];
afterEach(() => {
  for (const p of pairs) {
    p.ref.app.unmount();
    p.diff.app.unmount();
    p.diff.stdout.detach();
    p.ref.term.dispose();
    p.diff.term.dispose();
  }
  pairs = [];
});

function mount(cols: number, rows: number, churn: Props['churn'] = 'all', painted = false): Pair {
  const props: Props = { n: 0, cols, rows, overlay: false, churn, painted };
  const options = { stdin: new FakeStdin() as unknown as NodeJS.ReadStream, exitOnCtrlC: false, patchConsole: false };
  const refTerm = createTerminal(cols, rows);
  const refTty = new FakeTty(cols, rows, refTerm);
  const diffTerm = createTerminal(cols, rows);
  const diffTty = new FakeTty(cols, rows, diffTerm);
  const stdout = new DiffingStdout(diffTty);
  const pair: Pair = {
    ref: { term: refTerm, tty: refTty, app: render(<Dashboard {...props} />, { ...options, stdout: refTty as unknown as NodeJS.WriteStream }) },
    diff: { term: diffTerm, tty: diffTty, stdout, app: render(<Dashboard {...props} />, { ...options, stdout: stdout as unknown as NodeJS.WriteStream }) },
    props,
  };
  pairs.push(pair);
  return pair;
}

/** Renders the next state in both instances, waits for it on both screens, compares them. */
async function step(pair: Pair, change: Partial<Props>): Promise<void> {
  pair.props = { ...pair.props, ...change, n: pair.props.n + 1 };
  pair.ref.app.rerender(<Dashboard {...pair.props} />);
  pair.diff.app.rerender(<Dashboard {...pair.props} />);
  await showsFrame(pair.ref.term, pair.props.n);
  await showsFrame(pair.diff.term, pair.props.n);
  expect(firstDifference(pair.ref.term, pair.diff.term)).toBeNull();
}

async function resize(pair: Pair, cols: number, rows: number): Promise<void> {
  for (const side of [pair.ref, pair.diff]) {
    await resizeCropping(side.term, cols, rows);
    side.tty.columns = cols;
    side.tty.rows = rows;
    side.tty.emit('resize');
  }
  await step(pair, { cols, rows });
}

describe('ink through DiffingStdout', () => {
  for (const [cols, rows] of [
    [80, 24],
    [120, 40],
  ] as const) {
    it(`shows what ink shows at ${cols}x${rows}, through updates, an overlay and a full-height frame`, async () => {
      const pair = mount(cols, rows);
      await showsFrame(pair.ref.term, 0);
      await showsFrame(pair.diff.term, 0);
      expect(firstDifference(pair.ref.term, pair.diff.term)).toBeNull();
      for (let i = 0; i < 4; i++) await step(pair, {});
      await step(pair, { overlay: true });
      await step(pair, {});
      await step(pair, { overlay: false });
      // A frame exactly as tall as the terminal makes ink clear the screen on every update.
      await step(pair, { fill: true });
      await step(pair, {});
      await step(pair, { fill: false });
      await step(pair, {});
      expect(pair.diff.stdout.stats.unknownSequences).toBe(0);
    });
  }

  it('shows what ink shows on painted backgrounds: filled boxes, a background that changes, an overlay opening and closing', async () => {
    const pair = mount(120, 40, 'some', true);
    await showsFrame(pair.ref.term, 0);
    await showsFrame(pair.diff.term, 0);
    expect(firstDifference(pair.ref.term, pair.diff.term)).toBeNull();
    for (let i = 0; i < 3; i++) await step(pair, {});
    await step(pair, { overlay: true });
    await step(pair, {});
    await step(pair, { overlay: false });
    await step(pair, { painted: false });
    await step(pair, { painted: true });
    expect(pair.diff.stdout.stats.unknownSequences).toBe(0);
  });

  it('shows what ink shows across resizes (narrower, wider, shorter, taller)', async () => {
    const pair = mount(120, 40);
    await showsFrame(pair.diff.term, 0);
    await step(pair, { overlay: true });
    await resize(pair, 80, 24);
    await step(pair, {});
    await resize(pair, 100, 30);
    await step(pair, { overlay: false });
    await resize(pair, 120, 40);
    await step(pair, {});
    expect(pair.diff.stdout.stats.fullRepaints).toBeGreaterThanOrEqual(4);
  });

  it('writes at least 10x fewer bytes than ink for book updates at 120x40', async () => {
    const pair = mount(120, 40, 'some');
    await showsFrame(pair.diff.term, 0);
    const inkBefore = pair.ref.tty.bytes;
    const outBefore = pair.diff.tty.bytes;
    let floor = 0;
    let before = visibleCells(pair.ref.term);
    for (let i = 0; i < 20; i++) {
      await step(pair, {});
      const after = visibleCells(pair.ref.term);
      floor += changedCellBytes(before, after);
      before = after;
    }
    const inkBytes = pair.ref.tty.bytes - inkBefore;
    const outBytes = pair.diff.tty.bytes - outBefore;
    console.log(
      `book updates at 120x40: ink ${inkBytes} B, diff ${outBytes} B (ratio ${(outBytes / inkBytes).toFixed(3)}), ` +
        `changed cells ${floor} B (diff/floor ${(outBytes / floor).toFixed(2)})`,
    );
    expect(outBytes * 10).toBeLessThanOrEqual(inkBytes);
  });
});

/** The bytes of the characters that changed between two screens: what any renderer must send at least. */
function changedCellBytes(before: CellView[][], after: CellView[][]): number {
  let bytes = 0;
  after.forEach((row, y) =>
    row.forEach((raw, x) => {
      const cell = look(raw);
      const old = before[y]?.[x] ? look(before[y]![x]!) : undefined;
      const same = old && old.ch === cell.ch && old.fg === cell.fg && old.bg === cell.bg && old.attrs === cell.attrs;
      if (!same && cell.width !== 0) bytes += Buffer.byteLength(cell.ch);
    }),
  );
  return bytes;
}
