import { memo, useEffect, useMemo } from 'react';
import { Box, Text } from 'ink';
import { useApp, useAppState, useViewState } from '../context/AppContext.js';
import { useShell } from '../context/ShellContext.js';
import { Modal } from '../components/Modal.js';
import { panelInner } from '../components/Panel.js';
import type { Segment } from '../components/Tone.js';
import { fit, textWidth, truncate } from '../format/width.js';
import { useTheme } from '../theme/ThemeContext.js';
import type { Overlay } from '../view/viewStore.js';
import { blockerKeys } from './blockerKeys.js';
import { adoptOverlay, resolveForm } from './formActions.js';
import { formScreen } from './formScreen.js';

/** Widest form box: wide enough for a confirm line, narrow enough to read at a glance. */
export const FORM_MAX_WIDTH = 84;

/** One row of the form, exactly `width` columns, styled by theme tokens. */
const FormLine = memo(function FormLine({ segments, width }: { segments: readonly Segment[]; width: number }) {
  const theme = useTheme();
  const out: Segment[] = [];
  let left = width;
  for (const s of segments) {
    if (left <= 0) break;
    const text = truncate(s.text, left);
    out.push({ ...s, text });
    left -= textWidth(text);
  }
  if (left > 0) out.push({ text: ' '.repeat(left) });
  return (
    <Box height={1} flexShrink={0}>
      <Text wrap="truncate" {...theme.tokens.text}>
        {out.map((s, i) => {
          const style = s.token ? theme.tokens[s.token] : undefined;
          return (
            <Text key={i} {...style} bold={s.bold || style?.bold || undefined}>
              {s.text}
            </Text>
          );
        })}
      </Text>
    </Box>
  );
});

/**
 * The open form as a modal: fields with the focused one marked, each complaint under its
 * field as typed, the request's summary, then the confirm step, "sending…" and the exchange's
 * answer in the same box. While editing it re-reads the stores on every update, so limits
 * and estimates follow the market; the confirm step shows what was frozen on Enter.
 */
export const FormOverlay = memo(function FormOverlay({
  overlay,
  screenWidth,
  screenHeight,
}: {
  overlay: Extract<Overlay, { kind: 'form' }>;
  screenWidth: number;
  screenHeight: number;
}) {
  const app = useApp();
  const theme = useTheme();
  // The keys a blocker's fix is named by: the keymap in force, as the controller reads it.
  const { bindings } = useShell();
  const keys = useMemo(() => blockerKeys(bindings), [bindings]);
  const st = useViewState((s) => s.form);
  const editing = st?.stage === 'edit';
  // Subscribed only while editing: a frozen confirm step need not redraw on every book update.
  useAppState((s) => (editing ? s : null));
  const stale = st === null || st.formId !== overlay.form;
  useEffect(() => {
    if (stale) adoptOverlay(app, overlay.form, overlay.params);
  }, [stale, app, overlay]);
  if (stale) return null;

  const width = Math.min(screenWidth - 2, FORM_MAX_WIDTH);
  const inner = panelInner(width, 3).width;
  const screen = formScreen(st, resolveForm(app, st), inner, { stateDir: app.stateDir, keys });
  // Border top and bottom, and the footer row.
  const room = Math.max(1, screenHeight - 2 - 3);
  const shown = Math.min(screen.rows.length, room);
  const overflow = screen.rows.length > room;
  const maxStart = screen.rows.length - shown;
  const start = st.stage === 'edit' ? Math.min(maxStart, Math.max(0, screen.anchor - Math.floor(shown / 2))) : Math.min(maxStart, st.scroll);
  const footer = overflow ? `${screen.footer} · ${start + shown < screen.rows.length ? '↓' : ''}${start > 0 ? '↑' : ''} more` : screen.footer;
  return (
    <Modal screenWidth={screenWidth} screenHeight={screenHeight} width={width} height={shown + 3} title={screen.title} {...(screen.info ? { info: screen.info } : {})}>
      {screen.rows.slice(start, start + shown).map((segments, i) => (
        <FormLine key={start + i} width={inner} segments={segments} />
      ))}
      <Box height={1} flexShrink={0}>
        <Text wrap="truncate" {...theme.tokens.muted}>
          {fit(` ${footer}`, inner)}
        </Text>
      </Box>
    </Modal>
  );
});
