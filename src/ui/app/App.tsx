import { memo, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { Keymap, type Binding, type CommandId } from '../../keymap/index.js';
import { selectSelectedContract } from '../../state/selectors.js';
import { runCommand } from '../commands/registry.js';
import type { CommandContext } from '../commands/types.js';
import { fit } from '../format/width.js';
import { useFormInput } from '../forms/useFormInput.js';
import { useKeyboard } from '../input/useKeyboard.js';
import { useMouse } from '../input/useMouse.js';
import { Overlays } from '../overlays/Overlays.js';
import { loadThemeOrFallback } from '../theme/loadTheme.js';
import { ThemeProvider } from '../theme/ThemeContext.js';
import type { ColorLevel } from '../theme/tokens.js';
import { selectTopOverlay, view } from '../view/viewStore.js';
import { AppContext, useApp, useAppState, useViewState, type AppContextValue } from '../context/AppContext.js';
import { Region } from '../components/Region.js';
import { AccountStrip } from './AccountStrip.js';
import { Area } from './Area.js';
import { Header } from './Header.js';
import { computeLayout, MIN_COLS, MIN_ROWS, type Layout, type PaneRect } from './layout.js';
import { ShellContext } from '../context/ShellContext.js';
import { StatusBar } from './StatusBar.js';
import { useChartFeed } from './useChartFeed.js';
import { useTerminalSize } from './useTerminalSize.js';

export interface AppProps {
  ctx: AppContextValue;
  /** Default bindings with the user's overrides applied. */
  bindings: readonly Binding[];
  /** The terminal's colour level (detected before the first render). */
  level: ColorLevel;
  /** Theme names T cycles through. */
  themeNames: readonly string[];
  /** Folders themes are loaded from (user folders first); the shipped one by default. */
  themeDirs?: readonly string[];
  /** Called once when the user quits. */
  onQuit: () => void;
}

/** Areas grouped into the layout's rows (every shipped template is rows of cells). */
function rowsOf(layout: Layout): PaneRect[][] {
  const rows = new Map<number, PaneRect[]>();
  for (const p of layout.panes) {
    const row = rows.get(p.y) ?? [];
    row.push(p);
    rows.set(p.y, row);
  }
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r.sort((a, b) => a.x - b.x));
}

const Body = memo(function Body({ layout }: { layout: Layout }) {
  return (
    <>
      {rowsOf(layout).map((row) => (
        <Box key={row[0]!.y} flexDirection="row" width={layout.cols} height={row[0]!.height} flexShrink={0}>
          {row.map((area) =>
            area.id === 'header' ? (
              <Region key="header" flexDirection="column" width={area.width} height={area.height}>
                <Header width={area.width} />
                <AccountStrip width={area.width} />
              </Region>
            ) : area.id === 'status' ? (
              <Region key="status" width={area.width} height={area.height} flexShrink={0}>
                <StatusBar width={area.width} />
              </Region>
            ) : (
              <Area key={area.tabs.join(',')} area={area} />
            ),
          )}
        </Box>
      ))}
    </>
  );
});

function Screen({ bindings, themeNames, onQuit }: Pick<AppProps, 'bindings' | 'themeNames' | 'onQuit'>) {
  const app = useApp();
  const { cols, rows } = useTerminalSize();
  const zoom = useViewState((s) => s.zoom);
  const layout = useMemo(() => computeLayout(cols, rows, zoom ? { zoom } : {}), [cols, rows, zoom]);
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const keymap = useMemo(() => new Keymap(bindings), [bindings]);
  const quitted = useRef(false);
  const quit = useCallback(() => {
    if (quitted.current) return;
    quitted.current = true;
    onQuit();
  }, [onQuit]);
  const run = useCallback(
    (id: CommandId) => {
      const ctx: CommandContext = { app, layout: layoutRef.current, bindings, themeNames, quit, run, now: Date.now };
      runCommand(id, ctx);
    },
    [app, bindings, themeNames, quit],
  );
  // This screen's form controller: typed text reaches this screen's form and no other.
  const formInput = useFormInput(app);
  const formInputRef = useRef(formInput);
  formInputRef.current = formInput;
  const screen = useCallback(() => ({ tooSmall: layoutRef.current.template === 'tooSmall', formInput: formInputRef.current }), []);
  useKeyboard({ keymap, view: app.view, run, screen });
  useMouse({ layout: () => layoutRef.current, run });

  // Keep focus on a pane the layout shows (a resize can take its area away).
  useEffect(() => {
    if (layout.focusOrder.length === 0) return;
    const focus = app.view.getState().focus;
    if (!layout.panes.some((p) => p.tabs.includes(focus)) || focus === 'header' || focus === 'status') view.focus(app.view, layout.focusOrder[0]!);
  }, [layout, app.view]);

  const contractId = useAppState((s) => selectSelectedContract(s)?.contractId);
  const interval = useViewState((s) => s.chartInterval);
  useChartFeed(app.session, contractId, interval);

  const asking = useViewState((s) => selectTopOverlay(s)?.kind === 'quitConfirm');
  if (layout.template === 'tooSmall') return <TooSmall cols={cols} rows={rows} asking={asking} />;
  return (
    <Box flexDirection="column" width={cols} height={layout.height} overflow="hidden">
      <Body layout={layout} />
      <Overlays screenWidth={cols} screenHeight={layout.height} />
    </Box>
  );
}

/**
 * The whole screen below the minimum size: one line, and only the way out acts
 * (inputStateOf). The quit question, the one overlay those keys can open, shows here.
 */
function TooSmall({ cols, rows, asking }: { cols: number; rows: number; asking: boolean }) {
  const size = `terminal too small: need ${MIN_COLS}x${MIN_ROWS}, have ${cols}x${rows}`;
  const text = asking ? `Quit anyway? A signed request is still waiting (y quit · n stay) · ${size}` : size;
  return (
    <Box width={cols} height={1} overflow="hidden">
      <Text wrap="truncate">{fit(text, cols)}</Text>
    </Box>
  );
}

function Themed({ level, themeDirs, children }: { level: ColorLevel; themeDirs?: readonly string[] | undefined; children: ReactNode }) {
  const { view: viewStore } = useApp();
  const name = useViewState((s) => s.themeName);
  const loaded = useMemo(() => loadThemeOrFallback(name, { level, ...(themeDirs ? { dirs: themeDirs } : {}) }), [name, level, themeDirs]);
  useEffect(() => {
    if (loaded.error) view.notify(viewStore, loaded.error, 'error');
  }, [loaded, viewStore]);
  return <ThemeProvider theme={loaded.theme}>{children}</ThemeProvider>;
}

/** The dashboard: header, panes by the layout of the terminal's size, status bar, overlays. */
export function App({ ctx, bindings, level, themeNames, themeDirs, onQuit }: AppProps) {
  const shell = useMemo(() => ({ bindings }), [bindings]);
  return (
    <AppContext.Provider value={ctx}>
      <ShellContext.Provider value={shell}>
        <Themed level={level} themeDirs={themeDirs}>
          <Screen bindings={bindings} themeNames={themeNames} onQuit={onQuit} />
        </Themed>
      </ShellContext.Provider>
    </AppContext.Provider>
  );
}
