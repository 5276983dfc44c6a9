import { describe, expect, it } from 'vitest';
import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { textWidth } from '../format/width.js';
import { Panel, panelInner, titleLine } from './Panel.js';
import { Table, type Column } from './Table.js';
import { Tabs, tabSegments } from './Tabs.js';
import { Sparkline, sparkline } from './Sparkline.js';
import { Chart } from './Chart.js';
import { chartLines, rowText } from './chartLines.js';
import { Modal, centerBox } from './Modal.js';
import { fitColumns, scrollStart } from './tableLayout.js';

const lines = (frame: string | undefined) => (frame ?? '').split('\n');
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('Panel', () => {
  it('draws a titled border of exactly its size', () => {
    const { lastFrame, unmount } = render(
      <Panel title="Orders" width={30} height={5} info="3">
        <Text>row</Text>
      </Panel>,
    );
    const out = lines(lastFrame());
    expect(out).toHaveLength(5);
    expect(out[0]).toBe('╭─ Orders ─────────────── 3 ─╮');
    expect(out[1]).toBe('│row                         │');
    expect(out[4]).toBe('╰────────────────────────────╯');
    for (const l of out) expect(textWidth(l)).toBe(30);
    unmount();
  });
  it('marks focus by frame shape and staleness by a labelled glyph', () => {
    const { lastFrame, unmount } = render(<Panel title="Book" width={30} height={3} focused staleMs={12_000} />);
    const out = lines(lastFrame());
    expect(out[0]).toBe('┏━ Book ⏸ stale 12s ━━━━━━━━━┓');
    expect(out[2]).toBe('┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛');
    unmount();
  });
  it('says "waiting for data" before a pane has had any, instead of a stale age', () => {
    const { lastFrame, unmount } = render(<Panel title="Book" width={34} height={3} staleMs="waiting" />);
    expect(lines(lastFrame())[0]).toBe('╭─ Book … waiting for data ──────╮');
    unmount();
  });
  it('shows a tab strip as its title when panes share the area', () => {
    const items = [
      { id: 'orders', label: 'Orders', badge: 2 },
      { id: 'positions', label: 'Positions' },
    ];
    const { lastFrame, unmount } = render(<Panel title="" width={34} height={2} tabs={{ items, active: 'positions' }} />);
    expect(lines(lastFrame())[0]).toBe('╭─  Orders 2 [Positions] ────────╮');
    unmount();
  });
  it('cuts content to its height instead of growing', () => {
    const { lastFrame, unmount } = render(
      <Panel title="T" width={12} height={4}>
        {['a', 'b', 'c', 'd', 'e'].map((t) => (
          <Text key={t}>{t}</Text>
        ))}
      </Panel>,
    );
    expect(lines(lastFrame())).toHaveLength(4);
    unmount();
  });
  it('keeps the title line exact when the title is too long', () => {
    for (const w of [4, 8, 12, 20]) {
      const segs = titleLine(w, [{ text: 'A very long pane title' }], { stale: '⏸ stale 3s', info: '99' });
      expect(textWidth(segs.map((s) => s.text).join(''))).toBe(w);
    }
    expect(panelInner(30, 5)).toEqual({ width: 28, height: 3 });
  });
});

interface Row {
  id: string;
  px: string;
  sz: string;
  side: string;
}
const COLUMNS: Column<Row>[] = [
  { key: 'side', title: 'Side', width: 4, priority: 9, cell: (r) => ({ text: r.side, token: r.side === 'B' ? 'bid' : 'ask' }) },
  { key: 'px', title: 'Price', width: 8, align: 'right', priority: 10, cell: (r) => r.px },
  { key: 'sz', title: 'Size', width: 8, align: 'right', priority: 5, cell: (r) => r.sz },
  { key: 'id', title: 'Order id', width: 12, priority: 1, grow: true, cell: (r) => r.id },
];
const ROWS: Row[] = Array.from({ length: 20 }, (_, i) => ({
  id: `oid-${i}-with-a-long-tail`,
  px: `${100 + i}.50`,
  sz: `${i}.0`,
  side: i % 2 ? 'S' : 'B',
}));

describe('Table', () => {
  it('right-aligns numbers, truncates and never wraps', () => {
    const { lastFrame, unmount } = render(
      <Table columns={COLUMNS} rows={ROWS.slice(0, 2)} rowKey={(r) => r.id} width={40} height={3} />,
    );
    const out = lines(lastFrame());
    expect(out).toEqual([
      // ink trims trailing spaces from frames
      'Side    Price     Size Order id',
      'B      100.50      0.0 oid-0-with-a-lon…',
      'S      101.50      1.0 oid-1-with-a-lon…',
    ]);
    unmount();
  });
  it('drops the lowest-priority columns when narrow', () => {
    const { lastFrame, unmount } = render(
      <Table columns={COLUMNS} rows={ROWS.slice(0, 1)} rowKey={(r) => r.id} width={22} height={2} />,
    );
    expect(lines(lastFrame())).toEqual(['Side    Price     Size', 'B      100.50      0.0']);
    unmount();
  });
  it('keeps the selected row in view and scrolls minimally', async () => {
    const view = (selected: number) => (
      <Table columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} width={22} height={4} selected={selected} />
    );
    const { lastFrame, rerender, unmount } = render(view(0));
    expect(lines(lastFrame())).toHaveLength(4);
    rerender(view(10));
    await flush();
    let out = lines(lastFrame());
    expect(out[3]).toContain('110.50');
    rerender(view(9));
    await flush();
    out = lines(lastFrame());
    // moving up one row inside the window does not scroll
    expect(out[3]).toContain('110.50');
    expect(out[2]).toContain('109.50');
    unmount();
  });
  it('shows the empty text', () => {
    const { lastFrame, unmount } = render(
      <Table columns={COLUMNS} rows={[]} rowKey={(r) => r.id} width={30} height={3} empty="no open orders" />,
    );
    expect(lines(lastFrame())[1]).toContain('no open orders');
    unmount();
  });
});

describe('table layout', () => {
  it('fits columns exactly, keeping priority and order', () => {
    for (let w = 1; w <= 60; w++) {
      const fitted = fitColumns(COLUMNS, w);
      const total = fitted.reduce((a, f) => a + f.width, 0) + Math.max(0, fitted.length - 1);
      expect(total).toBe(w);
    }
    expect(fitColumns(COLUMNS, 13).map((f) => f.column.key)).toEqual(['side', 'px']);
    expect(fitColumns(COLUMNS, 8).map((f) => f.column.key)).toEqual(['px']);
  });
  it('takes a short form before dropping a column, and gives the full one back when there is room', () => {
    const cols = [
      { key: 'contract', title: 'Contract', width: 8, priority: 3, short: { title: 'Ctr', width: 4 } },
      { key: 'side', title: 'Side', width: 4, priority: 2 },
      { key: 'px', title: 'Price', width: 8, priority: 4 },
      { key: 'fee', title: 'Fee', width: 6, priority: 1 },
    ];
    const shown = (w: number) => fitColumns(cols, w).map((f) => `${f.title}:${f.width}`);
    // All fit: full titles.
    expect(shown(29)).toEqual(['Contract:8', 'Side:4', 'Price:8', 'Fee:6']);
    // Four short: the contract's short form, nothing dropped.
    expect(shown(25)).toEqual(['Ctr:4', 'Side:4', 'Price:8', 'Fee:6']);
    // Not enough even short: the fee drops, and what that frees gives the full title back.
    expect(shown(22)).toEqual(['Contract:8', 'Side:4', 'Price:8']);
    expect(shown(18)).toEqual(['Ctr:4', 'Side:4', 'Price:8']);
    for (let w = 1; w <= 40; w++) {
      const fitted = fitColumns(cols, w);
      expect(fitted.reduce((a, f) => a + f.width, 0) + Math.max(0, fitted.length - 1)).toBe(w);
    }
  });
  it('scrolls like a pager', () => {
    expect(scrollStart(20, 5, 0, 0)).toBe(0);
    expect(scrollStart(20, 5, 7, 0)).toBe(3);
    expect(scrollStart(20, 5, 5, 3)).toBe(3);
    expect(scrollStart(20, 5, 2, 3)).toBe(2);
    expect(scrollStart(3, 5, 2, 9)).toBe(0);
    expect(scrollStart(20, 5, undefined, 40)).toBe(15);
  });
});

describe('Tabs', () => {
  const tabs = [
    { id: 'orders', label: 'Orders', badge: 3 },
    { id: 'positions', label: 'Positions', badge: 1 },
    { id: 'fills', label: 'Fills' },
    { id: 'account', label: 'Account' },
  ];
  it('brackets the active tab', async () => {
    const { lastFrame, unmount } = render(<Tabs tabs={tabs} active="positions" width={60} />);
    expect(lastFrame()).toBe(' Orders 3 [Positions 1] Fills  Account');
    unmount();
  });
  it('drops far tabs with markers when narrow and always shows the active one', () => {
    for (let w = 4; w <= 45; w++) {
      for (const t of tabs) {
        const segs = tabSegments(tabs, t.id, w);
        const text = segs.map((s) => s.text).join('');
        expect(textWidth(text)).toBeLessThanOrEqual(w);
        expect(text).toContain('[');
      }
    }
    // tabs to the right of the active one are kept first
    expect(tabSegments(tabs, 'fills', 22).map((s) => s.text).join('')).toBe('‹[Fills] Account ');
    expect(tabSegments(tabs, 'orders', 24).map((s) => s.text).join('')).toBe('[Orders 3] Positions 1 ›');
  });
});

describe('Sparkline and Chart', () => {
  it('scales bigint values to block glyphs', () => {
    expect(sparkline([0n, 7n, 14n], 10)).toBe('▁▅█');
    expect(sparkline([0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n], 10)).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([5n, 5n], 10)).toBe('▁▁');
    expect(sparkline([1n, 2n, 3n, 4n], 2)).toBe('▁█');
    const { lastFrame, unmount } = render(<Sparkline values={[1n, 2n, 3n]} width={3} />);
    expect(lastFrame()).toBe('▁▅█');
    unmount();
  });
  it('Chart draws exactly width x height, with exact labels beyond 2^53', () => {
    // labels come from bigint, so prices beyond 2^53 print exactly
    const base = (1n << 60n) * 100n;
    const bars = Array.from({ length: 10 }, (_, i) => {
      const p = base + BigInt(i) * 100n;
      return { o: p, h: p + 50n, l: p - 50n, c: p + 100n, v: 1n };
    });
    const out = chartLines(bars, 70, 10, { scale: 2 }).map(rowText);
    expect(out).toHaveLength(10);
    for (const l of out) expect(textWidth(l)).toBe(70);
    expect(out.join('\n')).toContain('1,152,921,504,606,846,976.');
    const { lastFrame, unmount } = render(<Chart bars={bars} scale={2} width={70} height={10} />);
    expect(lines(lastFrame()).map((l) => l.trimEnd())).toEqual(out.map((l) => l.trimEnd()));
    unmount();
  });
  it('says when there is nothing to plot', () => {
    const { lastFrame, unmount } = render(<Chart bars={[]} scale={0} width={20} height={3} emptyText="loading" />);
    expect(lines(lastFrame())[1]).toContain('loading');
    unmount();
  });
});

describe('Modal', () => {
  it('centres over the screen and blanks what is beneath', () => {
    const background = Array.from({ length: 10 }, () => 'x'.repeat(40));
    const { lastFrame, unmount } = render(
      <Box width={40} height={10} flexDirection="column">
        {background.map((l, i) => (
          <Text key={i}>{l}</Text>
        ))}
        <Modal screenWidth={40} screenHeight={10} width={20} height={6} title="Help">
          <Text>hi</Text>
        </Modal>
      </Box>,
    );
    const out = lines(lastFrame());
    expect(centerBox(40, 10, 20, 6)).toEqual({ x: 10, y: 2, width: 20, height: 6 });
    expect(out[0]).toBe('x'.repeat(40));
    expect(out[2]).toBe(`${'x'.repeat(10)}┏━ Help ━━━━━━━━━━━┓${'x'.repeat(10)}`);
    expect(out[3]).toBe(`${'x'.repeat(10)}┃hi                ┃${'x'.repeat(10)}`);
    expect(out[4]).toBe(`${'x'.repeat(10)}┃                  ┃${'x'.repeat(10)}`);
    expect(out[7]).toBe(`${'x'.repeat(10)}┗━━━━━━━━━━━━━━━━━━┛${'x'.repeat(10)}`);
    expect(out[8]).toBe('x'.repeat(40));
    unmount();
  });
});
