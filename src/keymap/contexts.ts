/**
 * Where a key binding applies. The app activates a stack of contexts at a time (see
 * activeContexts); earlier contexts in PRECEDENCE win when a key is bound in several.
 */

export const PANE_CONTEXTS = [
  'book',
  'trades',
  'chart',
  'orders',
  'positions',
  'account',
  'shareGroups',
  'fills',
  'agents',
  'journal',
  'algos',
  'accounts',
  'history',
  'funding',
  'pnl',
  'alerts',
  'heatmap',
] as const;
export type PaneContext = (typeof PANE_CONTEXTS)[number];

/**
 * Overlays capture the keyboard: while one is open, pane and global bindings are off. `filter`
 * is the line a list's (or help's) filter is typed into; `menu` is a row's menu (`row.menu`), whose
 * items also answer to their own keys (src/keymap/rowMenu.ts).
 */
export const OVERLAY_CONTEXTS = ['form', 'confirm', 'picker', 'palette', 'help', 'filter', 'menu'] as const;
export type OverlayContext = (typeof OVERLAY_CONTEXTS)[number];

export type Context = 'always' | OverlayContext | 'replay' | PaneContext | 'list' | 'global';

/**
 * Highest precedence first: form > overlays > replay > focused pane > list navigation > global.
 * `replay` is live only on a screen replaying a recording (docs/recording.md): its time keys
 * work from every pane, over the pane's own use of the key (see REPLAY_SHADOWS).
 */
export const PRECEDENCE: readonly Context[] = ['always', ...OVERLAY_CONTEXTS, 'replay', ...PANE_CONTEXTS, 'list', 'global'];

/** What the help, the README table and the pane titles call each context: one vocabulary. */
export const CONTEXT_TITLES: Record<Context, string> = {
  always: 'Everywhere',
  global: 'Global',
  replay: 'Replay',
  list: 'Lists',
  book: 'Book',
  trades: 'Trades',
  chart: 'Chart',
  orders: 'Orders',
  positions: 'Positions',
  account: 'Account',
  shareGroups: 'Share groups',
  fills: 'Fills',
  agents: 'Agents',
  journal: 'Journal',
  algos: 'Algos',
  accounts: 'Accounts',
  history: 'History',
  funding: 'Funding',
  pnl: 'PnL',
  alerts: 'Alerts',
  heatmap: 'Heatmap',
  form: 'Forms',
  confirm: 'Confirmation',
  picker: 'Contract picker',
  palette: 'Command palette',
  help: 'Help',
  filter: 'Filter',
  menu: 'Row menu',
};

/** Panes with a selectable row or price cursor get list navigation. */
const LIST_PANES: ReadonlySet<PaneContext> = new Set([
  'book',
  'trades',
  'orders',
  'positions',
  'account',
  'shareGroups',
  'fills',
  'agents',
  'journal',
  'algos',
  'accounts',
  'history',
  'funding',
  'alerts',
]);

/** Overlays that show a scrollable or filterable list. */
const LIST_OVERLAYS: ReadonlySet<OverlayContext> = new Set(['picker', 'palette', 'help', 'menu']);

export function isOverlay(c: Context): c is OverlayContext {
  return (OVERLAY_CONTEXTS as readonly string[]).includes(c);
}

export function isPane(c: Context): c is PaneContext {
  return (PANE_CONTEXTS as readonly string[]).includes(c);
}

/** The contexts live for a UI state, in precedence order: the one source for the app and the conflict test. */
export function activeContexts(state: { overlay?: OverlayContext | undefined; focused?: PaneContext | undefined; replay?: boolean }): Context[] {
  if (state.overlay) return LIST_OVERLAYS.has(state.overlay) ? ['always', state.overlay, 'list'] : ['always', state.overlay];
  const out: Context[] = ['always'];
  if (state.replay) out.push('replay');
  if (state.focused) {
    out.push(state.focused);
    if (LIST_PANES.has(state.focused)) out.push('list');
  }
  out.push('global');
  return out;
}

/** Every context stack the UI can produce. */
export function allContextStacks(): Context[][] {
  const stacks: Context[][] = [activeContexts({})];
  for (const focused of PANE_CONTEXTS) stacks.push(activeContexts({ focused }));
  for (const overlay of OVERLAY_CONTEXTS) stacks.push(activeContexts({ overlay }));
  stacks.push(activeContexts({ replay: true }));
  for (const focused of PANE_CONTEXTS) stacks.push(activeContexts({ focused, replay: true }));
  return stacks;
}

/**
 * On a replay screen the time keys win over a pane's own use of them: Space over the algos'
 * pause (a write, refused in a replay anyway) and `g` over the book's coarser grouping (`G`
 * still groups finer; `:` runs either) and `.` over a row's menu (`:` row.menu opens it). The
 * conflict check lets these through.
 */
export const REPLAY_SHADOWS: ReadonlySet<string> = new Set(['space', 'g', '.']);
