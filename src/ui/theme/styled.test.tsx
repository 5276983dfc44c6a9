import type { ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import chalk from 'chalk';
import { render } from 'ink-testing-library';
import { Panel } from '../components/Panel.js';
import { Table, type Column } from '../components/Table.js';
import { Tone } from '../components/Tone.js';
import { ListLine } from '../overlays/ListLine.js';
import { SegmentLine } from '../panes/SegmentLine.js';
import { applyColorLevel } from './applyColorLevel.js';
import { loadTheme } from './loadTheme.js';
import { ThemeProvider } from './ThemeContext.js';
import type { ColorLevel, Theme } from './tokens.js';

// Screen tests run without a TTY, where chalk turns every style off; force levels here.
const saved = chalk.level;
beforeAll(() => applyColorLevel('truecolor'));
afterAll(() => {
  chalk.level = saved;
});

function theme(name: string, level: ColorLevel): Theme {
  const r = loadTheme(name, { level });
  if (!r.ok) throw new Error(r.error);
  return r.theme;
}

const COLS: Column<{ id: string }>[] = [{ key: 'id', title: 'Id', width: 6, cell: (r) => r.id }];

describe('themes reach the terminal', () => {
  it('emits truecolor for the dark theme', () => {
    const { lastFrame, unmount } = render(
      <ThemeProvider theme={theme('dark', 'truecolor')}>
        <Tone token="bid">100.5</Tone>
      </ThemeProvider>,
    );
    expect(lastFrame()).toContain('\x1b[38;2;38;166;154m100.5');
    unmount();
  });

  it('emits 256-colour codes after downgrade', () => {
    applyColorLevel('256');
    const { lastFrame, unmount } = render(
      <ThemeProvider theme={theme('dark', '256')}>
        <Tone token="ask">x</Tone>
      </ThemeProvider>,
    );
    expect(lastFrame()).toMatch(/\x1b\[38;5;\d+mx/);
    unmount();
    applyColorLevel('truecolor');
  });

  it('keeps the selection visible with colour off: inverse, no colour codes', () => {
    applyColorLevel('none');
    const { lastFrame, unmount } = render(
      <ThemeProvider theme={theme('dark', 'none')}>
        <Table columns={COLS} rows={[{ id: 'a' }, { id: 'b' }]} rowKey={(r) => r.id} width={6} height={3} selected={1} />
      </ThemeProvider>,
    );
    const frame = lastFrame() ?? '';
    expect(frame).toContain('\x1b[7mb');
    expect(frame).not.toMatch(/\x1b\[(3|4|9|10)\dm|\x1b\[38;|\x1b\[48;/);
    unmount();
    applyColorLevel('truecolor');
  });
});

/** The background in force where `text` first appears in an ANSI frame. */
function backgroundAt(frame: string, text: string): string | undefined {
  const at = frame.indexOf(text);
  if (at < 0) throw new Error(`${text} not in frame`);
  let bg: string | undefined;
  for (const m of frame.slice(0, at).matchAll(/\x1b\[([\d;]*)m/g)) {
    const codes = m[1]!.split(';');
    for (let i = 0; i < codes.length; i++) {
      const c = codes[i]!;
      if (c === '48') {
        bg = codes.slice(i, i + 5).join(';');
        i += 4;
      } else if (c === '38') i += 4;
      else if (c === '49' || c === '0' || c === '') bg = undefined;
    }
  }
  return bg;
}

describe('highlights on a painted surface', () => {
  // Inside a panel every text takes the surface's background from the box around it,
  // over the highlight line's own: each highlighted piece must name the highlight's.
  const dark = theme('dark', 'truecolor');
  const SELECTION = '48;2;44;62;85';
  const CURSOR = '48;2;74;95;128';
  const SURFACE = '48;2;17;21;28';
  const inPanel = (child: ReactElement) =>
    render(
      <ThemeProvider theme={dark}>
        <Panel title="P" width={24} height={5}>
          {child}
        </Panel>
      </ThemeProvider>,
    );

  it('a selected table row', () => {
    const cols: Column<{ id: string }>[] = [{ key: 'id', title: 'Id', width: 6, cell: (r) => ({ text: r.id, token: 'bid' }) }];
    const { lastFrame, unmount } = inPanel(<Table columns={cols} rows={[{ id: 'aa' }, { id: 'zz' }]} rowKey={(r) => r.id} width={22} height={3} selected={1} />);
    expect(backgroundAt(lastFrame() ?? '', 'aa')).toBe(SURFACE);
    expect(backgroundAt(lastFrame() ?? '', 'zz')).toBe(SELECTION);
    unmount();
  });
  it('the book cursor line', () => {
    const { lastFrame, unmount } = inPanel(<SegmentLine highlight="cursor" segments={[{ text: 'S ', token: 'ask' }, { text: '151', token: 'text' }]} />);
    expect(backgroundAt(lastFrame() ?? '', 'S 151')).toBe(CURSOR);
    expect(backgroundAt(lastFrame() ?? '', '151')).toBe(CURSOR);
    unmount();
  });
  it('the highlighted row of an overlay list', () => {
    const { lastFrame, unmount } = inPanel(<ListLine width={22} highlighted segments={[{ text: 'SOL1' }, { text: ' (current)', token: 'muted' }]} />);
    expect(backgroundAt(lastFrame() ?? '', 'SOL1')).toBe(SELECTION);
    expect(backgroundAt(lastFrame() ?? '', '(current)')).toBe(SELECTION);
    unmount();
  });
});
