import { memo, useMemo } from 'react';
import { Box } from 'ink';
import { CONTEXT_TITLES, rowMenuItems, type PaneContext } from '../../keymap/index.js';
import { selectedRowName } from '../commands/copyCommands.js';
import { Modal } from '../components/Modal.js';
import { panelInner } from '../components/Panel.js';
import { scrollStart } from '../components/tableLayout.js';
import { useApp, useAppState, useViewState } from '../context/AppContext.js';
import { useShell } from '../context/ShellContext.js';
import { FooterLine, ListLine, spread } from './ListLine.js';
import { highlightedRow } from './overlayLists.js';

/**
 * `.` on a row: what can be done to it, each command with its keys, from the keymap in force
 * (src/keymap/rowMenu.ts). ↑↓ and Enter run one, its own key runs it, Esc closes. Titled by
 * what names the row (the oid, the contract, the agent's address), as `y` would copy it.
 */
export const RowMenuOverlay = memo(function RowMenuOverlay({ pane, screenWidth, screenHeight }: { pane: PaneContext; screenWidth: number; screenHeight: number }) {
  const app = useApp();
  const { bindings } = useShell();
  const cursor = useViewState((s) => s.overlayCursor);
  const readOnly = app.mode.readOnly;
  const items = useMemo(() => rowMenuItems(bindings, pane, readOnly), [bindings, pane, readOnly]);
  // What the row is, read again as the market moves (an order that fills leaves the list).
  const named = useAppState(() => {
    const r = selectedRowName(app);
    return r.ok ? `${r.what} ${r.value}` : '';
  });
  const footer = ` ↑↓ Enter run · or its key · Esc close${readOnly ? ' · monitor mode: writes hidden' : ''}`;
  const width = Math.min(screenWidth - 2, 72);
  const height = Math.min(screenHeight - 2, items.length + 3);
  const inner = panelInner(width, height);
  const rows = Math.max(0, inner.height - 1);
  const selected = highlightedRow(cursor, items.length);
  const start = scrollStart(items.length, rows, selected);
  const title = `${CONTEXT_TITLES[pane]}${named ? `: ${named}` : ''}`;
  return (
    <Modal screenWidth={screenWidth} screenHeight={screenHeight} width={width} height={height} title={title} info={`${items.length} command${items.length === 1 ? '' : 's'}`}>
      {items.slice(start, start + rows).map((item, i) => {
        const { left, right } = spread(item.description, item.keys, inner.width - 1);
        return <ListLine key={item.id} width={inner.width} highlighted={start + i === selected} segments={[{ text: left }, { text: right, token: 'key' }]} />;
      })}
      <Box flexGrow={1} />
      <FooterLine text={footer} width={inner.width} />
    </Modal>
  );
});
