import type { AlertRunner } from '../../alerts/runner.js';
import type { AlgoBoard } from '../../algo/algoBoard.js';
import type { AccountsWatch } from '../../session/accountsWatch.js';
import type { AppState } from '../../state/types.js';
import type { Column } from '../components/Table.js';
import type { ThemeToken } from '../theme/tokens.js';
import { filterQueryOf, type ViewState } from '../view/viewStore.js';
import { keepSameRows, memoLast } from './memo.js';
import { rowFilter } from './rowFilter.js';

/**
 * A list pane as a record: where its rows come from, what `/` matches in a row, its columns,
 * its title and what it says when empty. One component draws every record (`listPane` in
 * ListPane.tsx) and the shell selects from the same record's rows (`listedRows`), so the row
 * a key acts on is the row the pane shows.
 */

/** The list panes: the lists of text a record draws (the account card is drawn by hand). */
export type ListPaneId = 'orders' | 'positions' | 'fills' | 'trades' | 'journal' | 'agents' | 'shareGroups' | 'algos' | 'accounts' | 'alerts';

/** What a screen holds beside its stores that a list reads: the algo board, the accounts watch, the profiles, the mode. */
export interface ListScreen {
  algos?: AlgoBoard | undefined;
  accounts?: AccountsWatch | undefined;
  profiles?: { current: string | undefined } | undefined;
  mode?: { readOnly: boolean } | undefined;
  /** The account's alert rules, evaluated once per process (ui/alerts/deskAlerts.ts). */
  alerts?: { runner: Pick<AlertRunner, 'rules' | 'recent' | 'changes'> } | undefined;
}

/** What a list's rows are worked out from. */
export interface ListSource {
  app: AppState;
  view: ViewState;
  screen: ListScreen;
  /** The wall clock, in the pane's whole seconds (the shell passes Date.now()). */
  now: number;
}

/** What a record's columns are built for besides the rows: the clock and the table's width. */
export interface ColumnsAt {
  now: number;
  width: number;
  src: ListSource;
}

/** One line over the table: a line of the pane's muted or error words, or a banner (one bold style). */
export interface HeadLine {
  text: string;
  token: ThemeToken;
  banner?: true;
}

/** A list's rows as the pane lists them. */
export interface Listed<Row> {
  /** Every row before the `/` filter. */
  all: readonly Row[];
  /** The rows that pass the filter, as many as are listed. */
  rows: readonly Row[];
  /** How many rows pass the filter (more than `rows` on a bounded list). */
  matching: number;
  /** How many rows there are in all (the title's "of N"). */
  total: number;
}

export interface ListPaneSpec<Row extends { key: string }> {
  id: ListPaneId;
  /** The panel's title. */
  title(src: ListSource): string;
  /**
   * Every row, memoised on what it reads (the same array while the data is the same). A
   * bounded list (the tape) may stop after `limit` rows; it is given Infinity while a filter
   * is in force, so the filter looks through all of them.
   */
  rows(src: ListSource, limit: number): readonly Row[];
  /** How many rows there are in all, where a bounded list does not build them all. */
  total?(src: ListSource): number;
  /** What `/` matches in a row: its words on screen and its ids, in full. */
  words(row: Row): readonly string[];
  /** The columns (ranked by their drop order) for these rows. */
  columns(rows: readonly Row[], at: ColumnsAt): Column<Row>[];
  /** Besides the rows, the clock and the width, what the columns depend on (a primitive). */
  columnsBy?(src: ListSource): string | number | boolean | undefined;
  /** What the empty list says (before the filter's own words). */
  empty(src: ListSource): string;
  /** The title's count or flag; `filtered` when the title shows a filter. */
  info?(listed: Listed<Row>, filtered: boolean): string | undefined;
  /** Lines over the table; they read what `rows` reads. */
  head?(src: ListSource, listed: Listed<Row>, inner: { width: number; height: number }): readonly HeadLine[];
  /** Words shown instead of the list, when the list cannot be had at all. */
  unavailable?(src: ListSource): string | undefined;
  /** The pane shows its data's staleness. */
  stale?: boolean;
  /** The pane reads the wall clock (ages, countdowns): it is redrawn every second. */
  clock?: boolean;
  /** The list is as long as the table is high (the tape). */
  bounded?: boolean;
  /** A source outside the stores the rows read, to redraw on. */
  watch?(screen: ListScreen): { subscribe(onChange: () => void): () => void; snapshot(): unknown } | undefined;
}

export interface ListPaneDef<Row extends { key: string }> extends ListPaneSpec<Row> {
  /** The one `/` filter of the list (remembers its last answer, so pane and shell get one array). */
  filter(rows: readonly Row[], query: string): readonly Row[];
  /** The first `limit` rows, remembering its last answer (a bounded list's rows keep their array). */
  bound(rows: readonly Row[], limit: number): readonly Row[];
}

/** A list record, with its filter made from its words. */
export function listPaneDef<Row extends { key: string }>(spec: ListPaneSpec<Row>): ListPaneDef<Row> {
  return { ...spec, rows: keepSameRows(spec.rows), filter: rowFilter(spec.words), bound: memoLast((rows: readonly Row[], limit: number) => (rows.length > limit ? rows.slice(0, limit) : rows)) };
}

/** The rows a list shows now, narrowed by its `/` filter and, on a bounded list, to `limit`. */
export function listedRows<Row extends { key: string }>(def: ListPaneDef<Row>, src: ListSource, limit = Infinity): Listed<Row> {
  const query = filterQueryOf(src.view, def.id);
  const all = def.rows(src, query.trim() === '' ? limit : Infinity);
  const passing = def.filter(all, query);
  return {
    all,
    rows: def.bound(passing, limit),
    matching: passing.length,
    total: def.total?.(src) ?? all.length,
  };
}

/** The row count in the title while no filter is shown. */
export function countInfo(listed: Listed<unknown>, filtered: boolean): string | undefined {
  return filtered ? undefined : String(listed.rows.length);
}

/** The row count in the title while no filter is shown and there are rows. */
export function someCountInfo(listed: Listed<unknown>, filtered: boolean): string | undefined {
  return listed.rows.length && !filtered ? String(listed.rows.length) : undefined;
}
