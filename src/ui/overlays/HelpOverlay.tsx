import { memo, useMemo } from 'react';
import { Box } from 'ink';
import { Modal } from '../components/Modal.js';
import { fit } from '../format/width.js';
import { panelInner } from '../components/Panel.js';
import type { Segment } from '../components/Tone.js';
import { useApp, useViewState } from '../context/AppContext.js';
import { useShell } from '../context/ShellContext.js';
import { filterQueryOf, isTypingFilter } from '../view/viewStore.js';
import { FooterLine, ListLine } from './ListLine.js';
import { helpLines } from './overlayLists.js';
import { usableBindings } from '../../keymap/index.js';

const KEY_COLUMN = 18;

/**
 * Size of the help box and how many lines it scrolls through; shared with the scroll commands.
 * The box is sized for every line (`lineCount`), so it holds still while a search narrows
 * it; the scroll runs over the lines shown (`shownCount`).
 */
export function helpGeometry(screenWidth: number, screenHeight: number, lineCount: number, shownCount = lineCount) {
  const width = Math.min(screenWidth - 2, 84);
  const height = Math.min(screenHeight - 2, lineCount + 3);
  const inner = panelInner(width, height);
  const rows = Math.max(0, inner.height - 1);
  return { width, height, inner, rows, maxOffset: Math.max(0, shownCount - rows) };
}

/** The title's search part: " /cancel▏" while typed, " /cancel" once kept. */
function searchTitle(query: string, typing: boolean): Segment[] {
  if (!typing && query.trim() === '') return [];
  return [{ text: ' /', token: 'key' }, ...(query ? [{ text: query }] : []), ...(typing ? [{ text: '▏', token: 'accent' as const }] : [])];
}

/** Key bindings generated from the keymap in force; j/k/PgUp/PgDn scroll, `/` searches, Esc or ? closes. */
export const HelpOverlay = memo(function HelpOverlay({ screenWidth, screenHeight }: { screenWidth: number; screenHeight: number }) {
  const { mode } = useApp();
  const { bindings } = useShell();
  const offset = useViewState((s) => s.overlayCursor);
  const query = useViewState((s) => filterQueryOf(s, 'help'));
  const typing = useViewState((s) => isTypingFilter(s, 'help'));
  const usable = useMemo(() => usableBindings(bindings, mode.readOnly), [bindings, mode.readOnly]);
  const all = useMemo(() => helpLines(usable, mode.readOnly), [usable, mode.readOnly]);
  const lines = useMemo(() => (query.trim() === '' ? all : helpLines(usable, mode.readOnly, query)), [all, usable, mode.readOnly, query]);
  const { width, height, inner, rows, maxOffset } = helpGeometry(screenWidth, screenHeight, all.length, lines.length);
  const start = Math.max(0, Math.min(offset, maxOffset));
  const visible = lines.slice(start, start + rows);
  const shown = lines.length === 0 ? '0/0' : `${start + 1}-${Math.min(lines.length, start + rows)}/${lines.length}`;
  const footer = typing
    ? ' type to search keys, commands and words · Enter keep · Esc clear'
    : ` ↑/↓ scroll · / search · Esc close${mode.readOnly ? ' · monitor mode: write commands hidden' : ''}`;
  return (
    <Modal
      screenWidth={screenWidth}
      screenHeight={screenHeight}
      width={width}
      height={height}
      title={[{ text: 'Help: keys' }, ...searchTitle(query, typing)]}
      info={shown}
    >
      {lines.length === 0 && rows > 0 && <ListLine width={inner.width} segments={[{ text: `no key matches /${query.trim()}`, token: 'muted' }]} />}
      {visible.map((l, i) =>
        l.kind === 'title' ? (
          <ListLine key={i} width={inner.width} segments={[{ text: l.text, token: 'accent', bold: true }]} />
        ) : l.kind === 'gap' ? (
          <ListLine key={i} width={inner.width} segments={[]} />
        ) : (
          <ListLine
            key={i}
            width={inner.width}
            segments={[
              { text: fit(l.keys, KEY_COLUMN), token: 'key' },
              { text: ' ' },
              { text: l.description },
            ]}
          />
        ),
      )}
      {/* Fewer lines than the box holds (a search): the footer stays at the bottom. */}
      <Box flexGrow={1} />
      <FooterLine text={footer} width={inner.width} />
    </Modal>
  );
});
