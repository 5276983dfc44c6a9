import { render } from 'ink';
import { describe, expect, it } from 'vitest';
import { DiffingStdout } from '../../../src/ui/render/DiffingStdout.js';
import { installFastAssembly } from '../../../src/ui/render/installFastAssembly.js';
import { Dashboard, FakeStdin, FakeTty, showsFrame, useTrueColorChalk, type DashboardProps } from './inkFixtures.js';
import { createTerminal, firstCellDifference, resizeCropping, visibleCells, writeTerm, type CellView } from './xtermScreen.js';

/**
 * Real ink with its own frame assembly, then the same updates with perpdesk's
 * (`installFastAssembly`) through DiffingStdout, as the dashboard runs: after every
 * update both terminals must show the same cells. The assembly is swapped process-wide,
 * so the two runs take turns rather than run side by side.
 */

useTrueColorChalk();

type Step = Partial<DashboardProps> & { resize?: [number, number] };

const STEPS: Step[] = [
  {},
  {},
  { overlay: true },
  {},
  { resize: [80, 24] },
  { overlay: false },
  { churn: 'some' },
  {},
  { fill: true },
  { fill: false },
  { resize: [120, 40] },
  {},
];

/** Runs the steps on a fresh ink instance; the screen after each. */
async function run(through: 'ink' | 'diff'): Promise<CellView[][][]> {
  let props: DashboardProps = { n: 0, cols: 120, rows: 40, overlay: false };
  const term = createTerminal(props.cols, props.rows);
  const tty = new FakeTty(props.cols, props.rows, term);
  const stdout = through === 'diff' ? new DiffingStdout(tty) : undefined;
  const app = render(<Dashboard {...props} />, {
    stdin: new FakeStdin() as unknown as NodeJS.ReadStream,
    stdout: (stdout ?? tty) as unknown as NodeJS.WriteStream,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const snapshots: CellView[][][] = [];
  const snapshot = async () => {
    await writeTerm(term, '');
    snapshots.push(visibleCells(term));
  };
  try {
    await showsFrame(term, 0);
    await snapshot();
    for (const step of STEPS) {
      if (step.resize) {
        const [cols, rows] = step.resize;
        await resizeCropping(term, cols, rows);
        tty.columns = cols;
        tty.rows = rows;
        tty.emit('resize');
        props = { ...props, cols, rows };
      }
      const { resize: _, ...change } = step;
      props = { ...props, ...change, n: props.n + 1 };
      app.rerender(<Dashboard {...props} />);
      await showsFrame(term, props.n);
      await snapshot();
    }
  } finally {
    app.unmount();
    stdout?.detach();
    term.dispose();
  }
  return snapshots;
}


describe("perpdesk's frame assembly in real ink", () => {
  it("shows what ink's own assembly shows, through updates, an overlay, a full-height frame and resizes", async () => {
    const stock = await run('ink');
    const installed = await installFastAssembly();
    expect(installed.installed).toBe(true);
    let fast: CellView[][][] = [];
    try {
      fast = await run('diff');
    } finally {
      if (installed.installed) installed.restore();
    }
    expect(fast.length).toBe(stock.length);
    const differences = stock.map((s, i) => firstCellDifference(s, fast[i]!, ['ink', 'perpdesk'])).map((d, i) => (d ? `step ${i}: ${d}` : null));
    expect(differences.filter((d) => d !== null)).toEqual([]);
  });
});

