import { Table, type Column } from '../components/Table.js';
import { clampSelection } from './selection.js';

const keyOf = (row: { key: string }) => row.key;

/**
 * The table of a list pane: rows keyed by their own `key`, and the selection shown only while
 * the pane has focus (kept in range as rows come and go).
 */
export function RowTable<T extends { key: string }>(props: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  width: number;
  height: number;
  empty: string;
  /** The pane's selection; undefined for a pane whose rows are not selectable. */
  selected?: number | undefined;
  focused?: boolean;
}) {
  const { columns, rows, width, height, empty, selected, focused } = props;
  return (
    <Table
      columns={columns}
      rows={rows}
      rowKey={keyOf}
      width={width}
      height={height}
      selected={focused ? clampSelection(selected, rows.length) : undefined}
      empty={empty}
    />
  );
}
