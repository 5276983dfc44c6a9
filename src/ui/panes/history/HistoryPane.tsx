import { memo, useMemo } from 'react';
import { Text } from 'ink';
import { Panel, panelInner } from '../../components/Panel.js';
import { useApp, useAppState, useViewState } from '../../context/AppContext.js';
import { wrapText } from '../../forms/wrapText.js';
import { fit } from '../../format/width.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { filterEmpty, filterTitle } from '../filterTitle.js';
import type { PaneProps } from '../paneProps.js';
import { RowTable } from '../RowTable.js';
import { SegmentLine } from '../SegmentLine.js';
import { usePaneFilter } from '../usePaneFilter.js';
import { historyColumns } from './historyColumns.js';
import { historyListed, NOT_RECORDED } from './historyListed.js';
import { gapText, historyInfo } from './historyRows.js';
import { useHistoryRead } from './useHistoryRead.js';

/** Words in place of the table or the chart, wrapped to the room there is, centred, muted. */
export function PaneWords({ text, width, height = 1 }: { text: string; width: number; height?: number }) {
  const muted = useTheme().tokens.muted;
  return wrapText(text, width)
    .slice(0, Math.max(1, height))
    .map((line, i) => (
      <Text key={i} {...muted} wrap="truncate">
        {fit(line, width, 'center')}
      </Text>
    ));
}

/**
 * The store's fills and order events of a period (day, week, month, all), newest first or as
 * sorted, with the gaps as rows; `/` filters them as any list. The reader bounds what it reads
 * (the newest 500 of each), and the title says how many the period holds.
 */
export const HistoryPane = memo(function HistoryPane({ width, height, focused, tabs }: PaneProps) {
  const screen = useApp();
  const { period, read, recording } = useHistoryRead('history', 'rows');
  const configs = useAppState((s) => s.market.configs);
  const sort = useViewState((v) => v.historySort);
  const filter = usePaneFilter('history');
  const selected = useViewState((v) => v.selection.history);
  // Subscribed above (the read, the configs, the order, the filter); worked out by the one function the shell's list moves use.
  void configs;
  const { all, rows } = historyListed(screen.store.getState(), screen.view.getState(), screen);
  const inner = panelInner(width, height);
  const columns = useMemo(() => historyColumns(rows), [rows]);
  const filterLine = filterTitle(filter, rows.length, all.length);
  const lastGap = read?.gaps[read.gaps.length - 1];
  const head = read?.error ?? (lastGap ? `${read!.gaps.length > 1 ? `${read!.gaps.length} gaps, last: ` : ''}${gapText(lastGap)}` : undefined);
  const title = `History ${period}${sort === 'newest' ? '' : ` · ${sort}`}`;
  return (
    <Panel tabs={tabs} title={title} width={width} height={height} focused={focused} info={filterLine ? undefined : historyInfo(read, period)} filter={filterLine}>
      {!recording ? (
        <PaneWords text={NOT_RECORDED} width={inner.width} height={inner.height} />
      ) : (
        <>
          {head !== undefined && inner.height > 2 && <SegmentLine segments={[{ text: fit(head, inner.width), token: read?.error ? 'error' : 'warning' }]} />}
          <RowTable
            columns={columns}
            rows={rows}
            width={inner.width}
            height={Math.max(0, inner.height - (head !== undefined && inner.height > 2 ? 1 : 0))}
            focused={focused}
            selected={selected}
            empty={filterEmpty(filter, all.length, read ? `nothing recorded this ${period}` : 'reading the history store…')}
          />
        </>
      )}
    </Panel>
  );
});
