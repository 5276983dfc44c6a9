import type { Context, PaneContext } from './contexts.js';

/**
 * The keymap as data. Help, the command palette and README's keymap table are all
 * generated from this list; user overrides (overrides.ts) change keys, never ids.
 */

interface BindingDef {
  readonly id: string;
  /** Key names as produced by keys.ts: 'q', 'B', 'ctrl+c', 'shift+tab', 'enter', 'up'. */
  readonly keys: readonly string[];
  readonly description: string;
  readonly context: Context;
  /** False for keys that only make sense inside their overlay (list moves, form fields). */
  readonly palette?: boolean;
  /** The command signs and sends something: monitor mode hides it and refuses its keys. */
  readonly writes?: true;
  /** A word or two for the key hint line; the commands that matter most in their context have one. */
  readonly hint?: string;
  /**
   * A form command of one step only: on any other step of the form its key is not this
   * command, so on the fields a letter still jumps to the choice it names (`a` gives Alo).
   */
  readonly step?: 'confirm';
  /**
   * The command acts on the selected row, so that row's menu (`row.menu`) lists it: `true` for
   * the row of its own pane (of every list pane, for a list command), or the pane whose selected
   * row a global command takes (F flattens the selected position when Positions has the focus).
   */
  readonly row?: true | PaneContext;
}

const DEFS = [
  // Everywhere, even inside overlays and forms.
  { id: 'app.forceQuit', keys: ['ctrl+c'], description: 'Quit at once (asks once while a signed request is in flight)', context: 'always', palette: false },

  // Navigation and overlays.
  { id: 'quit', keys: ['q'], description: 'Quit', context: 'global' },
  { id: 'help', keys: ['?'], description: 'Show key bindings', context: 'global', hint: 'help' },
  { id: 'palette', keys: [':'], description: 'Open the command palette', context: 'global', hint: 'commands' },
  { id: 'contract.pick', keys: ['p'], description: 'Pick a contract', context: 'global', hint: 'contract' },
  { id: 'profile.switch', keys: ['P'], description: 'Switch to another profile (account) of the config file', context: 'global' },
  { id: 'focus.next', keys: ['tab'], description: 'Focus the next pane', context: 'global', hint: 'pane' },
  { id: 'focus.prev', keys: ['shift+tab'], description: 'Focus the previous pane', context: 'global' },
  { id: 'focus.left', keys: ['h', 'left'], description: 'Focus the pane to the left', context: 'global' },
  { id: 'focus.right', keys: ['l', 'right'], description: 'Focus the pane to the right', context: 'global' },
  { id: 'tab.next', keys: [']'], description: 'Next tab in the focused area', context: 'global' },
  { id: 'tab.prev', keys: ['['], description: 'Previous tab in the focused area', context: 'global' },
  { id: 'pane.zoom', keys: ['z'], description: 'Zoom the focused pane (toggle)', context: 'global' },
  { id: 'theme.cycle', keys: ['T'], description: 'Switch to the next theme', context: 'global' },
  { id: 'chart.interval', keys: ['i'], description: 'Next candle interval', context: 'global' },

  // Trading on the current contract: each opens a form.
  { id: 'order.buy', keys: ['b'], description: 'Buy (new order)', context: 'global', writes: true, hint: 'buy' },
  { id: 'order.sell', keys: ['s'], description: 'Sell (new order)', context: 'global', writes: true, hint: 'sell' },
  { id: 'order.cancelAll', keys: ['X'], description: 'Cancel all orders of the contract', context: 'global', writes: true },
  { id: 'position.tpsl', keys: ['t'], description: 'Set take-profit / stop-loss', context: 'global', writes: true, row: 'positions' },
  { id: 'position.flatten', keys: ['F'], description: 'Flatten the position (reduce-only)', context: 'global', writes: true, row: 'positions' },
  { id: 'position.reverse', keys: ['R'], description: 'Reverse the position', context: 'global', writes: true, row: 'positions' },
  { id: 'position.closeHalf', keys: ['H'], description: 'Close half of the position', context: 'global', writes: true, row: 'positions' },
  { id: 'margin.leverage', keys: ['L'], description: 'Set leverage', context: 'global', writes: true },
  { id: 'margin.mode', keys: ['M'], description: 'Switch cross / isolated margin', context: 'global', writes: true },
  { id: 'margin.isolated', keys: ['I'], description: 'Add or remove isolated margin', context: 'global', writes: true, row: 'positions' },
  { id: 'collateral.move', keys: ['C'], description: 'Move collateral (chain, deployers, share groups)', context: 'global', writes: true },
  { id: 'agents.manage', keys: ['A'], description: 'Manage agent wallets', context: 'global', writes: true },
  { id: 'deployer.enroll', keys: ['E'], description: 'Enroll in a market deployer', context: 'global', writes: true },
  { id: 'fees.set', keys: [], description: 'Set fee-rate overrides', context: 'global', writes: true },
  { id: 'order.batch', keys: ['O'], description: 'Batch of orders (one a line, up to 10)', context: 'global', writes: true },
  { id: 'collateral.lock', keys: [], description: 'Lock collateral: chain balance -> deployer pool', context: 'global', writes: true },
  { id: 'collateral.unlock', keys: [], description: 'Unlock collateral: deployer pool -> chain balance', context: 'global', writes: true },
  { id: 'collateral.transfer', keys: [], description: 'Transfer collateral between deployer pools', context: 'global', writes: true },
  { id: 'collateral.toGroup', keys: [], description: 'Move collateral: deployer pool -> share group', context: 'global', writes: true },
  { id: 'collateral.fromGroup', keys: [], description: 'Move collateral: share group -> deployer pool', context: 'global', writes: true },
  { id: 'collateral.lockGroup', keys: [], description: 'Lock collateral: chain balance -> share group', context: 'global', writes: true },
  { id: 'collateral.unlockGroup', keys: [], description: 'Unlock collateral: share group -> chain balance', context: 'global', writes: true },
  { id: 'collateral.shareType', keys: [], description: 'Switch margin share type (UNIFIED / PORTFOLIO)', context: 'global', writes: true },
  { id: 'agents.generate', keys: [], description: 'Generate an agent key (saved encrypted) and approve it', context: 'global', writes: true },
  { id: 'agents.approve', keys: [], description: 'Approve an agent wallet by address', context: 'global', writes: true },

  // Execution algos, run by this process (src/algo); each opens a form.
  { id: 'algo.menu', keys: ['W'], description: 'Work an order with an algo: TWAP, scale, chase, trailing stop', context: 'global', writes: true, hint: 'algo' },
  { id: 'algo.twap', keys: [], description: 'Start a TWAP: Ioc slices over a duration, within a band around the mark', context: 'global', writes: true },
  { id: 'algo.scale', keys: [], description: 'Start a scale: orders spread between two prices, sizes skewed', context: 'global', writes: true },
  { id: 'algo.chase', keys: [], description: 'Start a chase: a post-only order that follows the touch', context: 'global', writes: true },
  { id: 'algo.trail', keys: [], description: 'Start a trailing stop on the position', context: 'global', writes: true },

  // List navigation in the focused pane, help and pickers.
  { id: 'list.up', keys: ['k', 'up'], description: 'Move up', context: 'list', palette: false },
  { id: 'list.down', keys: ['j', 'down'], description: 'Move down', context: 'list', palette: false },
  { id: 'list.pageUp', keys: ['pageup', 'ctrl+u'], description: 'Page up', context: 'list', palette: false },
  { id: 'list.pageDown', keys: ['pagedown', 'ctrl+d'], description: 'Page down', context: 'list', palette: false },
  { id: 'list.top', keys: ['home'], description: 'Go to the first row', context: 'list', palette: false },
  { id: 'list.bottom', keys: ['end'], description: 'Go to the last row', context: 'list', palette: false },
  { id: 'list.filter', keys: ['/'], description: 'Filter the rows of the focused list (help: search)', context: 'list', palette: false, hint: 'filter' },
  { id: 'row.menu', keys: ['.'], description: "The selected row's menu: what can be done to it, with the keys", context: 'list', hint: 'actions' },
  { id: 'row.copy', keys: ['y'], description: "Copy the selected row's id to the clipboard (OSC 52)", context: 'list', hint: 'copy', row: true },

  // Order book price cursor.
  { id: 'book.buyAtCursor', keys: ['B'], description: 'Buy at the cursor price', context: 'book', writes: true, hint: 'buy here', row: true },
  { id: 'book.sellAtCursor', keys: ['S'], description: 'Sell at the cursor price', context: 'book', writes: true, hint: 'sell here', row: true },
  { id: 'book.joinBid', keys: ['J'], description: 'Buy joining the best bid', context: 'book', writes: true },
  { id: 'book.joinAsk', keys: ['K'], description: 'Sell joining the best ask', context: 'book', writes: true },
  { id: 'book.scale', keys: ['D'], description: 'Scale of orders from the cursor (scale form)', context: 'book', writes: true, row: true },
  { id: 'alerts.atCursor', keys: ['!'], description: 'Alert when the mark crosses the cursor price (kept in the alert file)', context: 'book', writes: true, hint: 'alert', row: true },
  { id: 'book.center', keys: ['c'], description: 'Move the cursor back to the spread', context: 'book' },
  { id: 'book.groupingCoarser', keys: ['g'], description: 'Coarser price grouping', context: 'book', hint: 'group' },
  { id: 'book.groupingFiner', keys: ['G'], description: 'Finer price grouping', context: 'book' },

  // Selected rows.
  { id: 'order.modify', keys: ['m', 'enter'], description: 'Modify the selected order', context: 'orders', writes: true, hint: 'modify', row: true },
  { id: 'order.cancel', keys: ['x', 'd'], description: 'Cancel the selected order', context: 'orders', writes: true, hint: 'cancel', row: true },
  { id: 'order.cancelByCloid', keys: ['c'], description: 'Cancel by cloid (the selected order\'s, or type one)', context: 'orders', writes: true, row: true },
  { id: 'orders.scope', keys: ['a'], description: 'Show open orders of all contracts / this contract', context: 'orders', hint: 'all/this' },
  { id: 'position.cancelTpSl', keys: ['x', 'd'], description: 'Cancel the TP/SL of the selected position', context: 'positions', writes: true, hint: 'cancel TP/SL', row: true },
  { id: 'conditional.cancel', keys: ['c'], description: 'Cancel one conditional (TP or SL) by id', context: 'positions', writes: true, row: true },
  { id: 'agents.revoke', keys: ['x', 'd'], description: 'Revoke the selected agent', context: 'agents', writes: true, hint: 'revoke', row: true },
  { id: 'algos.pauseResume', keys: ['space'], description: 'Pause the selected algo, or resume it', context: 'algos', writes: true, hint: 'pause/resume', row: true },
  { id: 'algos.cancel', keys: ['x', 'd'], description: 'Cancel the selected algo and its resting orders', context: 'algos', writes: true, hint: 'cancel', row: true },
  { id: 'alerts.onOrder', keys: ['!'], description: "Alert when the mark reaches the order's price (alert form)", context: 'orders', writes: true, row: true },
  { id: 'alerts.onPosition', keys: ['!'], description: "Alert when the position's PnL falls below a loss (alert form)", context: 'positions', writes: true, row: true },
  { id: 'alerts.onChart', keys: ['!'], description: 'Alert at a chart price: the alert form, at the mark', context: 'chart', writes: true, hint: 'alert' },
  // The account's alert rules (docs/alerts.md): the alert file, changed from any screen or terminal.
  { id: 'alerts.add', keys: ['a'], description: 'Alerts: add a rule (the words perpdesk alert add takes)', context: 'alerts', writes: true, hint: 'add' },
  { id: 'alerts.edit', keys: ['e', 'enter'], description: 'Alerts: edit the selected rule', context: 'alerts', writes: true, hint: 'edit', row: true },
  { id: 'alerts.pauseResume', keys: ['space'], description: 'Alerts: pause the selected rule, or arm it again', context: 'alerts', writes: true, hint: 'pause/resume', row: true },
  { id: 'alerts.remove', keys: ['x', 'd'], description: 'Alerts: remove the selected rule (asks first)', context: 'alerts', writes: true, hint: 'remove', row: true },
  { id: 'journal.details', keys: ['enter'], description: 'Show the signed action and its result', context: 'journal', hint: 'details', row: true },
  // The trading memory (docs/history.md): what the history store holds, read on a timer.
  { id: 'history.period', keys: ['v'], description: 'History: next period (day, week, month, all)', context: 'history', hint: 'period' },
  { id: 'history.sort', keys: ['o'], description: 'History: next order (newest, oldest, by contract)', context: 'history', hint: 'sort' },
  { id: 'funding.period', keys: ['v'], description: 'Funding: next period (day, week, month, all)', context: 'funding', hint: 'period' },
  { id: 'pnl.period', keys: ['v'], description: 'PnL: next period of the equity curve and figures (day, week, month, all)', context: 'pnl', hint: 'period' },
  { id: 'heatmap.span', keys: ['v'], description: 'Heatmap: next time per column (1 s, 5 s, 15 s)', context: 'heatmap', hint: 'time/col' },
  // A write to the operator's disk: refused to a read-only screen like a signed action.
  { id: 'journal.export', keys: [], description: 'Export the journal, fills and order updates (CSV and JSON)', context: 'global', writes: true },
  { id: 'notices', keys: [], description: 'The last 100 notices and answers, whole, with their times', context: 'global' },
  // Files on the operator's disk, as the export: refused to a read-only screen (an SSH viewer's).
  { id: 'record.toggle', keys: [], description: 'Record the market: start or stop (<state dir>/recordings; docs/recording.md)', context: 'global', writes: true },
  { id: 'viewers', keys: [], description: 'Who is connected to this perpdesk serve: key name, read-only or trading, since when', context: 'global' },
  { id: 'alerts.list', keys: [], description: "List the account's alert rules and the alerts that fired", context: 'global' },
  { id: 'alerts.new', keys: [], description: 'New alert rule (the alert form)', context: 'global', writes: true },
  { id: 'alerts.mute', keys: [], description: "Mute this screen's alert notifications and bell, or unmute them", context: 'global' },

  // A replay screen's time controls (perpdesk replay PATH, docs/recording.md).
  { id: 'replay.playPause', keys: ['space'], description: 'Replay: play or pause', context: 'replay', hint: 'play/pause' },
  { id: 'replay.step', keys: ['.', 'n'], description: 'Replay: one message on (pauses)', context: 'replay', hint: 'step' },
  { id: 'replay.faster', keys: ['+', '='], description: 'Replay: faster (0.5x 1x 2x 5x 10x 50x max)', context: 'replay', hint: 'faster' },
  { id: 'replay.slower', keys: ['-'], description: 'Replay: slower', context: 'replay', hint: 'slower' },
  { id: 'replay.seek', keys: ['g'], description: 'Replay: go to a time (HH:MM:SS UTC, or a percentage like 50%)', context: 'replay', hint: 'go to' },

  // Overlays.
  { id: 'form.submit', keys: ['enter'], description: 'Review and submit', context: 'form', palette: false, writes: true, hint: 'review' },
  { id: 'form.cancel', keys: ['escape'], description: 'Close the form', context: 'form', palette: false, hint: 'close' },
  { id: 'form.nextField', keys: ['tab', 'down'], description: 'Next field', context: 'form', palette: false, hint: 'next field' },
  { id: 'form.prevField', keys: ['shift+tab', 'up'], description: 'Previous field', context: 'form', palette: false },
  { id: 'form.toggle', keys: ['space'], description: 'Toggle or cycle the focused choice', context: 'form', palette: false, hint: 'toggle' },
  { id: 'form.override', keys: ['o'], description: 'Override the guards and blockers (confirm step)', context: 'form', palette: false, writes: true, hint: 'override', step: 'confirm' },
  { id: 'form.skipConfirm', keys: ['a'], description: "Send, and don't ask again under this size (confirm step; saved to the config)", context: 'form', palette: false, hint: "don't ask", step: 'confirm' },
  { id: 'form.priceSource', keys: ['ctrl+p'], description: 'Order price from mid / best / last / book cursor', context: 'form', palette: false, hint: 'price from' },
  { id: 'confirm.yes', keys: ['y', 'enter'], description: 'Confirm and sign', context: 'confirm', palette: false, hint: 'yes' },
  { id: 'confirm.no', keys: ['n', 'escape'], description: 'Go back without sending', context: 'confirm', palette: false, hint: 'no' },
  { id: 'picker.choose', keys: ['enter'], description: 'Switch to the highlighted contract', context: 'picker', palette: false, hint: 'switch' },
  { id: 'picker.close', keys: ['escape'], description: 'Close the picker', context: 'picker', palette: false, hint: 'close' },
  { id: 'picker.sort', keys: ['tab'], description: 'Order the contracts by name, 24h change, 24h volume or funding', context: 'picker', palette: false, hint: 'sort' },
  { id: 'palette.run', keys: ['enter'], description: 'Run the highlighted command', context: 'palette', palette: false, hint: 'run' },
  { id: 'palette.close', keys: ['escape'], description: 'Close the palette', context: 'palette', palette: false, hint: 'close' },
  { id: 'menu.run', keys: ['enter'], description: "Run the highlighted command on the row (or press the command's own key)", context: 'menu', palette: false, hint: 'run' },
  { id: 'menu.close', keys: ['escape'], description: 'Close the row menu', context: 'menu', palette: false, hint: 'close' },
  { id: 'help.close', keys: ['escape', '?', 'q'], description: 'Close help', context: 'help', palette: false, hint: 'close' },
  { id: 'filter.apply', keys: ['enter'], description: 'Keep the filter and go back to the list', context: 'filter', palette: false, hint: 'keep' },
  { id: 'filter.clear', keys: ['escape'], description: 'Clear the filter', context: 'filter', palette: false, hint: 'clear' },
] as const satisfies readonly BindingDef[];

export type CommandId = (typeof DEFS)[number]['id'];

export interface Binding {
  readonly id: CommandId;
  readonly keys: readonly string[];
  readonly description: string;
  readonly context: Context;
  readonly palette?: boolean;
  readonly writes?: true;
  readonly hint?: string;
  readonly step?: 'confirm';
  readonly row?: true | PaneContext;
}

export const DEFAULT_BINDINGS: readonly Binding[] = DEFS;

export const COMMAND_IDS: readonly CommandId[] = DEFS.map((d) => d.id);

export function isCommandId(id: string): id is CommandId {
  return (COMMAND_IDS as readonly string[]).includes(id);
}

/** Commands the `:` palette lists (everything except keys internal to an overlay). */
export function paletteBindings(bindings: readonly Binding[]): Binding[] {
  return bindings.filter((b) => b.palette !== false);
}
