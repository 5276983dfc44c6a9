import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import chalk from 'chalk';
import { render } from 'ink-testing-library';
import { Table, type Column } from '../components/Table.js';
import { Tone } from '../components/Tone.js';
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
