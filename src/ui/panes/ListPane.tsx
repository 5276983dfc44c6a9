import { memo, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import { Box, Text } from 'ink';
import { Panel, panelInner } from '../components/Panel.js';
import { useApp, useAppState, useViewState } from '../context/AppContext.js';
import { wrapText } from '../forms/wrapText.js';
import { fit } from '../format/width.js';
import { useTheme } from '../theme/ThemeContext.js';
import type { ViewState } from '../view/viewStore.js';
import type { AppState } from '../../state/types.js';
import { filterEmpty, filterTitle } from './filterTitle.js';
import { listedRows, type HeadLine, type ListPaneDef, type ListSource } from './listPaneDef.js';
import type { PaneProps } from './paneProps.js';
import { RowTable } from './RowTable.js';
import { SegmentLine } from './SegmentLine.js';
import { clockNow, useClock } from './useNow.js';
import { usePaneFilter } from './usePaneFilter.js';
import { usePaneStale } from './usePaneStale.js';

const never = () => () => {};
const nothing = () => undefined;

function HeadLines({ lines, width }: { lines: readonly HeadLine[]; width: number }) {
  const theme = useTheme();
  return lines.map((l, i) =>
    l.banner ? (
      <Box key={i} height={1} flexShrink={0}>
        <Text wrap="truncate" {...theme.tokens[l.token]} bold>
          {fit(l.text, width)}
        </Text>
      </Box>
    ) : (
      <SegmentLine key={i} segments={[{ text: fit(l.text, width), token: l.token }]} />
    ),
  );
}

function Unavailable({ text, width, height }: { text: string; width: number; height: number }) {
  const muted = useTheme().tokens.muted;
  return wrapText(text, width)
    .slice(0, height)
    .map((line, i) => (
      <Text key={i} {...muted} wrap="truncate">
        {fit(line, width, 'center')}
      </Text>
    ));
}

/** What a clock pane shows that the clock can move: its title, head lines and listed rows' cells at `src.now`. */
function clockText<Row extends { key: string }>(def: ListPaneDef<Row>, src: ListSource, limit: number, inner: { width: number; height: number }): string {
  const listed = listedRows(def, src, limit);
  const columns = def.columns(listed.rows, { now: src.now, width: inner.width, src });
  const cellText = (row: Row) => columns.map((c) => textOf(c.cell(row))).join('\u0001');
  const head = (def.head?.(src, listed, inner) ?? []).map((l) => l.text);
  return [def.title(src), ...head, ...listed.rows.map(cellText)].join('\u0002');
}

const textOf = (v: string | { text: string }): string => (typeof v === 'string' ? v : v.text);

/**
 * The component that draws a list record. A record's flags never change, so the hooks a
 * flag asks for (the clock, the staleness) are called in the same order on every render.
 */
export function listPane<Row extends { key: string }>(def: ListPaneDef<Row>): ComponentType<PaneProps> {
  const ListPane = memo(function ListPane({ width, height, focused, tabs }: PaneProps) {
    const screen = useApp();
    // A clock pane ticks while it lists rows (their ages, countdowns); empty, it says the same
    // every second and does not re-render for it. Ticking, it re-renders at a tick only when
    // what it shows of the clock reads otherwise (an age of minutes reads the same for a minute).
    const [ticking, setTicking] = useState(false);
    const filter = usePaneFilter(def.id);
    const inner = panelInner(width, height);
    const limit = def.bounded ? Math.max(0, inner.height - 1) : Infinity;
    const rowLimit = filter.query.trim() === '' ? limit : Infinity;
    const shown = useRef<{ at: number; app: AppState; view: ViewState; width: number; height: number; text: string } | undefined>(undefined);
    if (def.clock) {
      useClock(
        1000,
        (at) => {
          const app = screen.store.getState();
          const view = screen.view.getState();
          const kept = shown.current;
          if (kept && kept.at === at && kept.app === app && kept.view === view && kept.width === inner.width && kept.height === inner.height) return kept.text;
          const text = clockText(def, { app, view, screen, now: at }, limit, inner);
          shown.current = { at, app, view, width: inner.width, height: inner.height, text };
          return text;
        },
        ticking,
      );
    }
    const now = def.clock ? clockNow(1000) : 0;
    const staleMs = def.stale ? usePaneStale(def.id) : undefined;
    const watched = def.watch?.(screen);
    useSyncExternalStore(watched?.subscribe ?? never, watched?.snapshot ?? nothing);
    // Subscribed, to both stores: the pane redraws when its rows, title, empty words or column
    // inputs change, not on every change of the screen's view (a notice, another pane's
    // cursor); the rest of the record (head, total) reads what these read.
    const fromApp = (app: AppState): ListSource => ({ app, view: screen.view.getState(), screen, now });
    const fromView = (view: ViewState): ListSource => ({ app: screen.store.getState(), view, screen, now });
    useAppState((s) => def.rows(fromApp(s), rowLimit));
    useViewState((v) => def.rows(fromView(v), rowLimit));
    const title = useAppState((s) => def.title(fromApp(s)));
    useViewState((v) => def.title(fromView(v)));
    const empty = useAppState((s) => def.empty(fromApp(s)));
    useViewState((v) => def.empty(fromView(v)));
    const by = useAppState((s) => def.columnsBy?.(fromApp(s)));
    useViewState((v) => def.columnsBy?.(fromView(v)));
    const selected = useViewState((v) => v.selection[def.id]);
    const src = fromApp(screen.store.getState());
    const listed = listedRows(def, src, limit);
    const { rows } = listed;
    const unavailable = def.unavailable?.(src);
    const filterLine = unavailable === undefined ? filterTitle(filter, listed.matching, listed.total) : undefined;
    const rowsShown = rows.length > 0;
    useEffect(() => {
      if (def.clock && rowsShown !== ticking) setTicking(rowsShown);
    }, [rowsShown, ticking]);
    const columns = useMemo(() => def.columns(rows, { now, width: inner.width, src }), [rows, now, inner.width, by]);
    const head = def.head?.(src, listed, inner) ?? [];
    return (
      <Panel
        tabs={tabs}
        title={title}
        width={width}
        height={height}
        focused={focused}
        staleMs={unavailable === undefined ? staleMs : undefined}
        info={def.info?.(listed, filterLine !== undefined)}
        filter={filterLine}
      >
        {unavailable !== undefined ? (
          <Unavailable text={unavailable} width={inner.width} height={inner.height} />
        ) : (
          <>
            <HeadLines lines={head} width={inner.width} />
            <RowTable
              columns={columns}
              rows={rows}
              width={inner.width}
              height={Math.max(0, inner.height - head.length)}
              focused={focused}
              selected={selected}
              empty={filterEmpty(filter, listed.total, empty)}
            />
          </>
        )}
      </Panel>
    );
  });
  return ListPane;
}
