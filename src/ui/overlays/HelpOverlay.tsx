import { memo, useMemo } from 'react';
import { Box, Text } from 'ink';
import { Modal } from '../components/Modal.js';
import { panelInner } from '../components/Panel.js';
import { fit } from '../format/width.js';
import { useTheme } from '../theme/ThemeContext.js';
import { useApp, useViewState } from '../context/AppContext.js';
import { useShell } from '../context/ShellContext.js';
import { ListLine } from './ListLine.js';
import { helpLines } from './overlayLists.js';
import { usableBindings } from '../../keymap/index.js';

const KEY_COLUMN = 18;

/** Size of the help box and how many lines it scrolls through; shared with the scroll commands. */
export function helpGeometry(screenWidth: number, screenHeight: number, lineCount: number) {
  const width = Math.min(screenWidth - 2, 84);
  const height = Math.min(screenHeight - 2, lineCount + 3);
  const inner = panelInner(width, height);
  const rows = Math.max(0, inner.height - 1);
  return { width, height, inner, rows, maxOffset: Math.max(0, lineCount - rows) };
}

/** Key bindings generated from the keymap in force; j/k/PgUp/PgDn scroll, Esc or ? closes. */
export const HelpOverlay = memo(function HelpOverlay({ screenWidth, screenHeight }: { screenWidth: number; screenHeight: number }) {
  const { mode } = useApp();
  const { bindings } = useShell();
  const theme = useTheme();
  const offset = useViewState((s) => s.overlayCursor);
  const lines = useMemo(() => helpLines(usableBindings(bindings, mode.readOnly), mode.readOnly), [bindings, mode.readOnly]);
  const { width, height, inner, rows, maxOffset } = helpGeometry(screenWidth, screenHeight, lines.length);
  const start = Math.max(0, Math.min(offset, maxOffset));
  const visible = lines.slice(start, start + rows);
  const shown = `${start + 1}-${Math.min(lines.length, start + rows)}/${lines.length}`;
  return (
    <Modal screenWidth={screenWidth} screenHeight={screenHeight} width={width} height={height} title="Help: keys" info={shown}>
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
      <Box height={1} flexShrink={0}>
        <Text wrap="truncate" {...theme.tokens.muted}>
          {fit(` j/k ↑/↓ PgUp/PgDn scroll · Esc close${mode.readOnly ? ' · monitor mode: write commands hidden' : ''}`, inner.width)}
        </Text>
      </Box>
    </Modal>
  );
});
