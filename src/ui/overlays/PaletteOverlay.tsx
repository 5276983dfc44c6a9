import { memo, useMemo } from 'react';
import { Modal } from '../components/Modal.js';
import { panelInner } from '../components/Panel.js';
import { scrollStart } from '../components/tableLayout.js';
import { useApp, useViewState } from '../context/AppContext.js';
import { useShell } from '../context/ShellContext.js';
import { ListLine, spread } from './ListLine.js';
import { highlightedRow, paletteItems } from './overlayLists.js';
import { usableBindings } from '../../keymap/index.js';

/** Size of the palette box; shared with the commands so the cursor math agrees. */
export function paletteGeometry(screenWidth: number, screenHeight: number) {
  const width = Math.min(screenWidth - 2, 76);
  const height = Math.min(screenHeight - 2, 18);
  const inner = panelInner(width, height);
  return { width, height, inner, rows: Math.max(0, inner.height - 1) };
}

/**
 * `:` — every command of the keymap, best match first as you type; Enter runs the
 * highlighted one. A fresh palette highlights nothing, so a stray Enter runs nothing.
 */
export const PaletteOverlay = memo(function PaletteOverlay({ screenWidth, screenHeight }: { screenWidth: number; screenHeight: number }) {
  const { mode } = useApp();
  const { bindings } = useShell();
  const query = useViewState((s) => s.overlayQuery);
  const cursor = useViewState((s) => s.overlayCursor);
  const items = useMemo(() => paletteItems(query, usableBindings(bindings, mode.readOnly)), [query, bindings, mode.readOnly]);
  const { width, height, inner, rows } = paletteGeometry(screenWidth, screenHeight);
  const selected = highlightedRow(cursor, items.length);
  const start = scrollStart(items.length, rows, selected);
  const hint = query === '' && selected === undefined ? [{ text: ' type to filter · ↑↓ choose · Enter runs', token: 'muted' as const }] : [];
  return (
    <Modal screenWidth={screenWidth} screenHeight={screenHeight} width={width} height={height} title="Command palette" info={`${items.length} commands`}>
      <ListLine width={inner.width} segments={[{ text: ': ', token: 'key' }, { text: query }, { text: '▏', token: 'accent' }, ...hint]} />
      {items.length === 0 ? (
        <ListLine width={inner.width} segments={[{ text: 'no command matches', token: 'muted' }]} />
      ) : (
        items.slice(start, start + rows).map((m, i) => {
          const { left, right } = spread(m.label, m.keys, inner.width - 1);
          return (
            <ListLine
              key={m.binding.id}
              width={inner.width}
              highlighted={start + i === selected}
              segments={[{ text: left }, { text: right, token: 'key' }]}
            />
          );
        })
      )}
    </Modal>
  );
});
