import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pty from '@lydell/node-pty';
import xterm from '@xterm/headless';
import { describe, it, onTestFinished } from 'vitest';
import { drain, frameEnded, INVERSE, snapshot, type Snapshot } from '../../bench/dashboard/screen.js';
import { computeLayout, type PaneId } from '../../src/ui/app/layout.js';
import { MOUSE_OFF, MOUSE_ON } from '../../src/startup/terminal.js';
import { ROOT } from './support/dashboard.js';

/**
 * The mouse end to end: the built `perpdesk` in a real pty on the embedded exchange, SGR
 * reports written into the pty as a terminal sends them. The terminal here is our own
 * headless xterm (not test/support/terminal.ts) because the checks need what that one does
 * not show: the mouse mode the program set and the inverse cells of the book cursor (mono
 * theme: the cursor is inverse, nothing else in the book is).
 */

const COLS = 120;
const ROWS = 40;
const layout = computeLayout(COLS, ROWS);
const areaOf = (pane: PaneId) => layout.panes.find((p) => p.tabs.includes(pane))!;

const click = (x: number, y: number) => `\x1b[<0;${x + 1};${y + 1}M\x1b[<0;${x + 1};${y + 1}m`;
const wheel = (x: number, y: number, down: boolean) => `\x1b[<${down ? 65 : 64};${x + 1};${y + 1}M`;

interface Run {
  term: InstanceType<typeof xterm.Terminal>;
  output(): string;
  write(data: string): void;
  screen(): Promise<Snapshot>;
  waitFor<T>(what: string, test: (s: Snapshot) => T | undefined | false, timeoutMs?: number): Promise<T>;
  exited: Promise<number>;
  kill(signal: string): void;
}

function launch(args: string[], env: Record<string, string> = {}): Run {
  const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-mouse-'));
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, TERM: 'xterm-256color', HOME: home, XDG_CONFIG_HOME: path.join(home, 'config'), XDG_STATE_HOME: path.join(home, 'xdg'), ...env })) {
    if (v !== undefined && k !== 'CI' && k !== 'NO_COLOR' && k !== 'PERPDESK_PRIVATE_KEY' && k !== 'PERPDESK_PASSWORD') childEnv[k] = v;
  }
  const term = new xterm.Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
  const child = pty.spawn('node', ['dist/cli.js', '--state-dir', path.join(home, 'state'), '--theme', 'mono', '--activity', 'calm', ...args], {
    name: 'xterm-256color',
    cols: COLS,
    rows: ROWS,
    cwd: ROOT,
    env: childEnv,
  });
  let raw = '';
  child.onData((d) => {
    raw += d;
    term.write(d);
  });
  const exited = new Promise<number>((resolve) => child.onExit((e) => resolve(e.exitCode)));
  onTestFinished(() => {
    try {
      child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
    term.dispose();
    rmSync(home, { recursive: true, force: true });
  });
  const screen = async () => {
    await frameEnded(term, () => drain(term));
    return snapshot(term);
  };
  return {
    term,
    output: () => raw,
    write: (d) => child.write(d),
    screen,
    async waitFor(what, test, timeoutMs = 8_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const s = await screen();
        const r = test(s);
        if (r !== undefined && r !== false) return r as never;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen was:\n${rows(s).join('\n')}`);
        await new Promise((res) => setTimeout(res, 40));
      }
    },
    exited,
    kill: (signal) => child.kill(signal),
  };
}

const rows = (s: Snapshot) => Array.from({ length: s.rows }, (_, y) => s.chars.slice(y * s.cols, (y + 1) * s.cols).join(''));
const cell = (s: Snapshot, x: number, y: number) => s.chars[y * s.cols + x];
const inverse = (s: Snapshot, x: number, y: number) => (s.flags[y * s.cols + x]! & INVERSE) !== 0;

/** The book's level rows on screen: side letter, price and the row's y. */
function bookLevels(s: Snapshot): { side: string; price: number; y: number; cursor: boolean }[] {
  const b = areaOf('book');
  const out = [];
  for (let y = b.y + 1; y < b.y + b.height - 1; y++) {
    const text = rows(s)[y]!.slice(b.x + 1, b.x + b.width - 1);
    const m = /^([BS]) +([\d,]+(?:\.\d+)?)/.exec(text);
    if (m) out.push({ side: m[1]!, price: Number(m[2]!.replace(/,/g, '')), y, cursor: inverse(s, b.x + 3, y) });
  }
  return out;
}

const started = (s: Snapshot) => rows(s).some((l) => l.includes('Book SOL1'));

/** Reporting goes on once ink's input is in raw mode, just after the first frame. */
const reporting = (t: Run) => t.waitFor('mouse reporting on', () => t.term.modes.mouseTrackingMode === 'vt200');

// One dashboard at a time: side by side on a busy machine, the test's own terminals fall
// behind reading their output and the programs block writing it.
describe('the mouse in a real terminal', () => {
  it('turns reporting on, focuses a clicked pane, puts the book cursor on a clicked level, scrolls with the wheel, and turns reporting off on q', async ({ expect }) => {
    const t = launch([]);
    await t.waitFor('the dashboard', started, 20_000);
    await reporting(t);
    expect(t.output()).toContain(MOUSE_ON);

    // A click in the orders pane: its frame turns heavy, the book's goes light.
    const orders = areaOf('orders');
    const book = areaOf('book');
    t.write(click(orders.x + 6, orders.y + 3));
    await t.waitFor('the orders frame to turn heavy', (s) => cell(s, orders.x, orders.y) === '┏' && cell(s, book.x, book.y) === '╭');

    // A click on the second bid below the spread: the book gets focus and the cursor sits on that price.
    const target = await t.waitFor('two bid levels', (s) => bookLevels(s).filter((l) => l.side === 'B')[1]);
    t.write(click(book.x + 8, target.y));
    const onIt = await t.waitFor('the cursor on the clicked price', (s) => {
      const c = bookLevels(s).find((l) => l.cursor);
      return cell(s, book.x, book.y) === '┏' && c?.price === target.price && c;
    });
    expect(onIt.side).toBe('B');

    // One wheel notch down over the book: the cursor moves to a lower price (three levels down).
    t.write(wheel(book.x + 8, book.y + 4, true));
    await t.waitFor('the cursor to move down the bids', (s) => {
      const c = bookLevels(s).find((l) => l.cursor);
      return c !== undefined && c.price < target.price;
    });

    // The wheel in help scrolls it; a click there does nothing to the panes under it.
    t.write('?');
    const helpTop = await t.waitFor('help', (s) => rows(s).findIndex((l) => l.includes('Help: keys')) + 1 || undefined);
    const first = rows(await t.screen())[helpTop]!;
    t.write(wheel(COLS / 2, helpTop + 4, true));
    await t.waitFor('help to scroll', (s) => rows(s)[helpTop] !== first);
    t.write(click(orders.x + 6, orders.y + 3));
    t.write('\x1b');
    await t.waitFor('help to close', (s) => !rows(s).some((l) => l.includes('Help: keys')));
    expect(cell(await t.screen(), book.x, book.y)).toBe('┏');

    t.write('q');
    expect(await t.exited).toBe(0);
    expect(t.output().lastIndexOf(MOUSE_OFF)).toBeGreaterThan(t.output().lastIndexOf(MOUSE_ON));
    expect(t.term.modes.mouseTrackingMode).toBe('none');
    expect(t.term.buffer.active.type).toBe('normal');
  });

  it('--no-mouse never turns reporting on', async ({ expect }) => {
    const t = launch(['--no-mouse']);
    await t.waitFor('the dashboard', started, 20_000);
    // Keys act, so the input is in raw mode: where reporting would have gone on.
    t.write('?');
    await t.waitFor('help', (s) => rows(s).some((l) => l.includes('Help: keys')));
    expect(t.output()).not.toContain('\x1b[?1000h');
    expect(t.term.modes.mouseTrackingMode).toBe('none');
    t.write('\x1b');
    await t.waitFor('help to close', (s) => !rows(s).some((l) => l.includes('Help: keys')));
    t.write('q');
    expect(await t.exited).toBe(0);
  });

  it('SIGTERM turns reporting off with the rest of the terminal', async ({ expect }) => {
    const t = launch([]);
    await t.waitFor('the dashboard', started, 20_000);
    await reporting(t);
    t.kill('SIGTERM');
    expect(await t.exited).toBe(143);
    await drain(t.term);
    expect(t.term.modes.mouseTrackingMode).toBe('none');
    expect(t.term.buffer.active.type).toBe('normal');
  });
});
