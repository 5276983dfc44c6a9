import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConfirmSettings } from '../../forms/index.js';
import type { PaneContext } from '../../keymap/index.js';
import type { CandleInterval } from '../../protocol/wire/index.js';
import type { AppState } from '../../state/types.js';
import type { PaneId } from '../context/paneIds.js';
import type { FormState } from '../forms/formState.js';

/**
 * What the user is looking at, as opposed to what the market is (src/state): focus, the
 * selected row of each list pane, the book's price cursor and grouping, the chart interval,
 * the active tab of each area, zoom, overlays. Kept apart from the app store so that moving
 * a cursor never re-renders market panes, and so that forms (keys -> commands -> forms)
 * can read "the selected order" or "the cursor price" from one place.
 */
export type Overlay =
  | { kind: 'help' }
  | { kind: 'palette' }
  /** A list to pick from: the Active contracts (default), or the config file's profiles. */
  | { kind: 'picker'; list?: 'profiles' }
  /** `algos`: how many running algos quitting pauses; `inFlight`: a signed request still waits for its answer. */
  | { kind: 'quitConfirm'; algos?: number; inFlight?: boolean }
  | { kind: 'form'; form: string; params?: Readonly<Record<string, string>> }
  | { kind: 'message'; title: string; body: string; tone?: 'info' | 'error' }
  /** The line a list's filter (or help's search) is typed into; the text is overlayQuery. */
  | { kind: 'filter'; pane: FilterTarget }
  /** A replay's `g`: the time to go to is typed (overlayQuery), Enter goes there. */
  | { kind: 'seek' }
  /** A row's menu (`row.menu`): the row commands of `pane` (src/keymap/rowMenu.ts); overlayCursor is the highlight. */
  | { kind: 'rowMenu'; pane: PaneContext };

/** What a filter narrows: a list pane's rows, or the entries of help. */
export type FilterTarget = PaneId | 'help';

/** The trading-memory panes (docs/history.md) and the periods they show. */
export type HistoryPane = 'history' | 'funding' | 'pnl';
export const HISTORY_PERIODS = ['day', 'week', 'month', 'all'] as const;
export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];
export const HISTORY_SORTS = ['newest', 'oldest', 'contract'] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];

/** The heatmap's time per column (v): a second, then wider spans of the same ring. */
export const HEAT_SECONDS_PER_COLUMN = [1, 5, 15] as const;

/** A pane's period: a day until the user picks another. */
export function historyPeriodOf(s: Pick<ViewState, 'historyPeriods'>, pane: HistoryPane): HistoryPeriod {
  return s.historyPeriods[pane] ?? 'day';
}

/** An SSH viewer of `perpdesk serve`, as `:` `viewers` lists it. */
export interface ConnectedViewer {
  /** The key's comment in authorized_keys, else its fingerprint. */
  name: string;
  fingerprint: string;
  address: string;
  readOnly: boolean;
  /** When it connected (ms). */
  since: number;
}

export interface ViewState {
  /**
   * The contract this screen shows and its forms open on, by name: the screen's own, so
   * another screen's pick never moves it. Null until the screen has one: it then shows the
   * session's start contract (screenStore.ts).
   */
  contract: string | null;
  focus: PaneId;
  /** Selected row per list pane (index into what the pane shows, clamped by the pane). */
  selection: Readonly<Partial<Record<PaneId, number>>>;
  /** Book price cursor as a raw price string (bigint as decimal digits), or null at the spread. */
  bookCursorRaw: string | null;
  /** Book grouping as a multiple of the contract's tick (1 = no grouping). */
  bookGroupTicks: number;
  chartInterval: CandleInterval;
  /** Heatmap: seconds of book per column (one of HEAT_SECONDS_PER_COLUMN). */
  heatSecondsPerColumn: number;
  /** Active tab of each area, keyed by the area's id. */
  activeTab: Readonly<Record<string, PaneId>>;
  zoom: PaneId | null;
  overlays: readonly Overlay[];
  /**
   * One-line status message (alerts, results), with the time it was set. `holds` says whether
   * it is still true of the market and account; once it is not, the status bar stops showing it.
   */
  notice: { text: string; tone: 'info' | 'warning' | 'error' | 'success'; at: number; holds?: (app: AppState) => boolean } | null;
  /** A request's answer in the status bar for `ms` after `at`, ahead of the notice; then the notice again. */
  toast: { text: string; tone: 'info' | 'warning' | 'error' | 'success'; at: number; ms: number } | null;
  /** The last NOTICES_KEPT notices and toasts, oldest first, whole: the status bar may show only the start of one. */
  notices: readonly { text: string; tone: 'info' | 'warning' | 'error' | 'success'; at: number }[];
  /** The contract picker's order (Tab in the picker cycles it). */
  pickerSort: 'name' | 'change' | 'volume' | 'funding';
  /** This screen's terminal gets no OSC notification or bell for the account's alert rules (`alerts.mute`); the status bar still says them. */
  alertsMuted: boolean;
  /** Confirm policies changed while running ("don't ask again under N"), over the config file's. */
  confirmOverrides: ConfirmSettings;
  themeName: string;
  /** Filters kept per list pane (and help's search while help is open), as typed: see filterQueryOf. */
  filters: Readonly<Partial<Record<FilterTarget, string>>>;
  /** Text typed into the top overlay's filter (palette, contract picker, a list's filter line). */
  overlayQuery: string;
  /** Highlighted row of the top overlay's list (-1 while none is), or its scroll offset (help). */
  overlayCursor: number;
  /** Signed requests sent and not yet answered; quitting while > 0 asks first. */
  inFlight: number;
  /** Start-up work still running in the background (onboarding), shown in the status bar. */
  progress: string | null;
  /** SSH viewers of the `perpdesk serve` this screen belongs to; null for the local dashboard. */
  viewers: number | null;
  /** Who they are (`:` `viewers`), newest last; empty for the local dashboard. */
  viewerList: readonly ConnectedViewer[];
  /** Open-orders pane: the selected contract only, or every contract. */
  ordersScope: 'contract' | 'all';
  /** The period each trading-memory pane shows (History, Funding, PnL): day, week, month or all. */
  historyPeriods: Readonly<Partial<Record<HistoryPane, HistoryPeriod>>>;
  /** How the History pane orders its rows. */
  historySort: HistorySort;
  /** The open form's fields, stage and answer (src/ui/forms); null while no form is open. */
  form: FormState | null;
  /** The last form instance number this screen gave out (a late answer tells its form by it). */
  formSeq: number;
  /** Leverage this session set per contract id: reads show it only with a position. */
  leverageOf: Readonly<Record<number, number>>;
  /** This screen replays a recording (perpdesk replay PATH): the replay's time keys are live. */
  replay: boolean;
}

export type ViewStore = StoreApi<ViewState>;

/** How many notices `:` `notices` can list. */
export const NOTICES_KEPT = 100;

function kept(list: ViewState['notices'], n: ViewState['notices'][number]): ViewState['notices'] {
  const last = list[list.length - 1];
  // The same words again (a repeated alert) update the time instead of filling the list.
  if (last && last.text === n.text && last.tone === n.tone) return [...list.slice(0, -1), n];
  return [...list.slice(Math.max(0, list.length - NOTICES_KEPT + 1)), n];
}

/** How long an answer's toast holds the status bar. */
export const TOAST_MS = 8_000;

export function createViewStore(init: Partial<ViewState> = {}): ViewStore {
  return createStore<ViewState>()(() => ({
    contract: null,
    focus: 'book',
    selection: {},
    bookCursorRaw: null,
    bookGroupTicks: 1,
    chartInterval: '1m',
    heatSecondsPerColumn: 1,
    activeTab: {},
    zoom: null,
    overlays: [],
    notice: null,
    toast: null,
    notices: [],
    alertsMuted: false,
    pickerSort: 'name',
    confirmOverrides: {},
    filters: {},
    themeName: 'dark',
    overlayQuery: '',
    overlayCursor: 0,
    inFlight: 0,
    progress: null,
    viewers: null,
    viewerList: [],
    ordersScope: 'contract',
    replay: false,
    historyPeriods: {},
    historySort: 'newest',
    form: null,
    formSeq: 0,
    leverageOf: {},
    ...init,
  }));
}

export const view = {
  /** This screen shows `name` from now on (the caller checked it is an Active contract). */
  setContract(store: ViewStore, name: string): void {
    if (store.getState().contract !== name) store.setState({ contract: name });
  },
  /** A new form instance number, never given out before on this screen. */
  nextFormInstance(store: ViewStore): number {
    const n = store.getState().formSeq + 1;
    store.setState({ formSeq: n });
    return n;
  },
  focus(store: ViewStore, pane: PaneId): void {
    store.setState({ focus: pane });
  },
  /** Moves the selection of a list pane by delta rows; the pane clamps to its row count. */
  moveSelection(store: ViewStore, pane: PaneId, delta: number, rowCount: number): void {
    const current = store.getState().selection[pane] ?? 0;
    const next = Math.max(0, Math.min(Math.max(0, rowCount - 1), current + delta));
    if (next !== current) store.setState({ selection: { ...store.getState().selection, [pane]: next } });
  },
  setSelection(store: ViewStore, pane: PaneId, index: number): void {
    store.setState({ selection: { ...store.getState().selection, [pane]: Math.max(0, index) } });
  },
  setBookCursor(store: ViewStore, raw: bigint | null): void {
    store.setState({ bookCursorRaw: raw === null ? null : raw.toString() });
  },
  setGrouping(store: ViewStore, ticks: number): void {
    store.setState({ bookGroupTicks: Math.max(1, Math.floor(ticks)), bookCursorRaw: null });
  },
  setChartInterval(store: ViewStore, interval: CandleInterval): void {
    store.setState({ chartInterval: interval });
  },
  setTab(store: ViewStore, areaId: string, pane: PaneId): void {
    store.setState({ activeTab: { ...store.getState().activeTab, [areaId]: pane } });
  },
  toggleZoom(store: ViewStore): void {
    const s = store.getState();
    store.setState({ zoom: s.zoom ? null : s.focus });
  },
  openOverlay(store: ViewStore, overlay: Overlay): void {
    store.setState({ overlays: [...store.getState().overlays, overlay] });
  },
  closeOverlay(store: ViewStore): void {
    const { overlays, filters } = store.getState();
    const closing = overlays[overlays.length - 1];
    if (!closing) return;
    // Help's search lasts while help is open: the next `?` lists every key again.
    if (closing.kind === 'help' && filters.help !== undefined) {
      const { help: _, ...rest } = filters;
      store.setState({ overlays: overlays.slice(0, -1), filters: rest });
    } else store.setState({ overlays: overlays.slice(0, -1) });
  },
  /** Opens the filter line of a list pane or of help, prefilled with the filter it keeps. */
  openFilter(store: ViewStore, target: FilterTarget): void {
    const s = store.getState();
    store.setState({ overlays: [...s.overlays, { kind: 'filter', pane: target }], overlayQuery: s.filters[target] ?? '' });
  },
  /**
   * The filter line's text changed: rows narrow as it is typed. Row indices change meaning
   * with the filter, so the selection starts over at the first row shown (help: its top).
   */
  typeFilter(store: ViewStore, target: FilterTarget, query: string): void {
    const s = store.getState();
    if (target === 'help') store.setState({ overlayQuery: query, overlayCursor: 0 });
    else store.setState({ overlayQuery: query, selection: { ...s.selection, [target]: 0 } });
  },
  /**
   * Closes the filter line of `target`, keeping `query` as its filter ('' drops it). The
   * selection starts over when the filter differs from the one the rows were shown by.
   */
  endFilter(store: ViewStore, target: FilterTarget, query: string): void {
    const s = store.getState();
    const top = s.overlays[s.overlays.length - 1];
    const overlays = top?.kind === 'filter' ? s.overlays.slice(0, -1) : s.overlays;
    const { [target]: _, ...rest } = s.filters;
    const filters = query.trim() === '' ? rest : { ...rest, [target]: query };
    const changed = s.overlayQuery !== query;
    const selection = changed && target !== 'help' ? { ...s.selection, [target]: 0 } : s.selection;
    const cursor = changed && target === 'help' ? { overlayCursor: 0 } : {};
    store.setState({ overlays, filters, selection, overlayQuery: '', ...cursor });
  },
  /** Opens an overlay with an empty filter and the cursor on its first row (or on `cursor`). */
  openListOverlay(store: ViewStore, overlay: Overlay, cursor = 0): void {
    store.setState({ overlays: [...store.getState().overlays, overlay], overlayQuery: '', overlayCursor: cursor });
  },
  setOverlayQuery(store: ViewStore, query: string, cursor = 0): void {
    store.setState({ overlayQuery: query, overlayCursor: cursor });
  },
  /** Moves the overlay cursor by delta within [0, count - 1]. */
  moveOverlayCursor(store: ViewStore, delta: number, count: number): void {
    const current = store.getState().overlayCursor;
    const next = Math.max(0, Math.min(Math.max(0, count - 1), current + delta));
    if (next !== current) store.setState({ overlayCursor: next });
  },
  beginRequest(store: ViewStore): void {
    store.setState({ inFlight: store.getState().inFlight + 1 });
  },
  endRequest(store: ViewStore): void {
    store.setState({ inFlight: Math.max(0, store.getState().inFlight - 1) });
  },
  setProgress(store: ViewStore, text: string | null): void {
    store.setState({ progress: text });
  },
  setViewerList(store: ViewStore, list: readonly ConnectedViewer[]): void {
    store.setState({ viewerList: list });
  },
  setViewers(store: ViewStore, count: number): void {
    store.setState({ viewers: count });
  },
  setTheme(store: ViewStore, name: string): void {
    store.setState({ themeName: name });
  },
  toggleOrdersScope(store: ViewStore): void {
    const s = store.getState();
    // Row indices change meaning with the scope, so the selection starts over.
    store.setState({ ordersScope: s.ordersScope === 'all' ? 'contract' : 'all', selection: { ...s.selection, orders: 0 } });
  },
  /** The next period of a trading-memory pane (day, week, month, all, day, ...); its selection starts over. */
  cycleHistoryPeriod(store: ViewStore, pane: HistoryPane): HistoryPeriod {
    const s = store.getState();
    const next = HISTORY_PERIODS[(HISTORY_PERIODS.indexOf(historyPeriodOf(s, pane)) + 1) % HISTORY_PERIODS.length]!;
    store.setState({ historyPeriods: { ...s.historyPeriods, [pane]: next }, selection: { ...s.selection, [pane]: 0 } });
    return next;
  },
  /** The History pane's next order (newest, oldest, contract). */
  cycleHistorySort(store: ViewStore): HistorySort {
    const s = store.getState();
    const next = HISTORY_SORTS[(HISTORY_SORTS.indexOf(s.historySort) + 1) % HISTORY_SORTS.length]!;
    store.setState({ historySort: next, selection: { ...s.selection, history: 0 } });
    return next;
  },
  /** The heatmap's next time per column (1 s, 5 s, 15 s, 1 s, ...). */
  cycleHeatSpan(store: ViewStore): number {
    const now = store.getState().heatSecondsPerColumn;
    const at = HEAT_SECONDS_PER_COLUMN.findIndex((n) => n === now);
    const next = HEAT_SECONDS_PER_COLUMN[(at + 1) % HEAT_SECONDS_PER_COLUMN.length]!;
    store.setState({ heatSecondsPerColumn: next });
    return next;
  },
  setForm(store: ViewStore, form: FormState | null): void {
    store.setState({ form });
  },
  /** Changes the open form only if it is still the same instance (a late answer must not land on another form). */
  updateForm(store: ViewStore, instance: number, change: (f: FormState) => FormState): void {
    const f = store.getState().form;
    if (f && f.instance === instance) store.setState({ form: change(f) });
  },
  setLeverage(store: ViewStore, contractId: number, leverage: number): void {
    store.setState({ leverageOf: { ...store.getState().leverageOf, [contractId]: leverage } });
  },
  notify(
    store: ViewStore,
    text: string,
    tone: NonNullable<ViewState['notice']>['tone'] = 'info',
    now = Date.now(),
    holds?: (app: AppState) => boolean,
  ): void {
    store.setState({ notice: { text, tone, at: now, ...(holds ? { holds } : {}) }, notices: kept(store.getState().notices, { text, tone, at: now }) });
  },
  toast(store: ViewStore, text: string, tone: NonNullable<ViewState['toast']>['tone'], now = Date.now(), ms = TOAST_MS): void {
    store.setState({ toast: { text, tone, at: now, ms }, notices: kept(store.getState().notices, { text, tone, at: now }) });
  },
  setConfirmPolicy(store: ViewStore, change: ConfirmSettings): void {
    store.setState({ confirmOverrides: { ...store.getState().confirmOverrides, ...change } });
  },
};

export const selectTopOverlay = (s: ViewState): Overlay | undefined => s.overlays[s.overlays.length - 1];

/**
 * The filter narrowing `target` now: the line being typed while its filter line is open (rows
 * narrow live), else the one kept. Panes, list navigation and the forms all read it here, so
 * "the selected row" is the same filtered row everywhere.
 */
export function filterQueryOf(s: Pick<ViewState, 'overlays' | 'overlayQuery' | 'filters'>, target: FilterTarget): string {
  const top = s.overlays[s.overlays.length - 1];
  if (top?.kind === 'filter' && top.pane === target) return s.overlayQuery;
  return s.filters[target] ?? '';
}

/** The filter line of `target` is open (the title shows a cursor after the typed text). */
export function isTypingFilter(s: Pick<ViewState, 'overlays'>, target: FilterTarget): boolean {
  const top = s.overlays[s.overlays.length - 1];
  return top?.kind === 'filter' && top.pane === target;
}
