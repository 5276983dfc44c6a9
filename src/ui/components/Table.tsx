import { memo, useMemo, useRef } from 'react';
import { Box, Text } from 'ink';
import { fit } from '../format/width.js';
import { Region } from './Region.js';
import { SegmentText, sameSegments, type Segment } from './Tone.js';
import { useTheme } from '../theme/ThemeContext.js';
import type { ThemeToken } from '../theme/tokens.js';
import { fitColumns, scrollStart, type ColumnSpec, type FittedColumn } from './tableLayout.js';

export interface Cell {
  text: string;
  token?: ThemeToken;
  bold?: boolean;
}

export interface Column<T> extends ColumnSpec {
  /** Formatted content; formatting lives in ui/format, not here. */
  cell: (row: T) => string | Cell;
}

export interface TableProps<T> {
  /** Keep this array stable (module constant or useMemo): rows re-render when it changes. */
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  width: number;
  /** Lines available, header included. */
  height: number;
  selected?: number;
  /** Shown when there are no rows. */
  empty?: string;
  showHeader?: boolean;
  gap?: number;
}

const GAP = ' ';

/** A row's cells as it shows them: each fitted to its column, the gap before it included. */
function rowCells<T>(row: T, cols: readonly FittedColumn<Column<T>>[], gap: number): Segment[] {
  return cols.map(({ column, width }, i) => {
    const raw = column.cell(row);
    const cell = typeof raw === 'string' ? { text: raw } : raw;
    return { text: (i > 0 ? GAP.repeat(gap) : '') + fit(cell.text, width, column.align ?? 'left'), ...(cell.token ? { token: cell.token } : {}), ...(cell.bold ? { bold: true } : {}) };
  });
}

/**
 * One row, drawn from its cells' texts: it renders again only when what it shows changes
 * (the table rebuilds its columns whenever its rows do, so comparing props by identity would
 * render every row at every new row). A region: a frame in which the row did not change
 * draws it from its cells, also when a new row above has pushed it down.
 */
const TableRow = memo(
  function TableRow({ cells, selected }: { cells: readonly Segment[]; selected: boolean }) {
    const theme = useTheme();
    const selection = theme.tokens.selection;
    return (
      <Region height={1} flexShrink={0}>
        <Text wrap="truncate" {...(selected ? selection : theme.tokens.text)}>
          {cells.map((cell, i) => {
            const style = cell.token ? theme.tokens[cell.token] : undefined;
            return (
              <SegmentText
                key={i}
                {...(selected ? {} : style)}
                // A text without a background takes the surface's from the box around it,
                // over the row's: a selected cell names the selection's itself.
                backgroundColor={selected ? selection.backgroundColor : style?.backgroundColor}
                bold={cell.bold || (!selected && style?.bold) || undefined}
              >
                {cell.text}
              </SegmentText>
            );
          })}
        </Text>
      </Region>
    );
  },
  (a, b) => a.selected === b.selected && sameSegments(a.cells, b.cells),
);

/**
 * A fixed-size table that never wraps: columns take their short form, then drop by
 * priority, when narrow (each list pane declares the order: panes/columns.ts), cells are
 * truncated or padded to their width, and rows are sliced to the height with the
 * selected row kept in view.
 */
function TableImpl<T>({ columns, rows, rowKey, width, height, selected, empty, showHeader = true, gap = 1 }: TableProps<T>) {
  const theme = useTheme();
  const cols = useMemo(() => fitColumns(columns, width, gap), [columns, width, gap]);
  const startRef = useRef(0);
  const bodyHeight = Math.max(0, height - (showHeader ? 1 : 0));
  const start = scrollStart(rows.length, bodyHeight, selected, startRef.current);
  startRef.current = start;
  if (width <= 0 || height <= 0) return null;
  const visible = rows.slice(start, start + bodyHeight);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {showHeader && (
        <Box height={1} flexShrink={0}>
          <Text wrap="truncate" {...theme.tokens.muted} bold>
            {cols.map(({ column, width: w, title }, i) => (i > 0 ? GAP.repeat(gap) : '') + fit(title, w, column.align ?? 'left')).join('')}
          </Text>
        </Box>
      )}
      {rows.length === 0 && empty && bodyHeight > 0 ? (
        <Text wrap="truncate" {...theme.tokens.muted}>
          {fit(empty, width, 'center')}
        </Text>
      ) : (
        visible.map((row, i) => (
          <TableRow key={rowKey(row, start + i)} cells={rowCells(row, cols, gap)} selected={start + i === selected} />
        ))
      )}
    </Box>
  );
}

export const Table = memo(TableImpl) as typeof TableImpl;
