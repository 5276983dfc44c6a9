import { memo, useMemo } from 'react';
import { selectActiveContractNames, selectSelectedName } from '../../state/selectors.js';
import { Modal } from '../components/Modal.js';
import { panelInner } from '../components/Panel.js';
import { scrollStart } from '../components/tableLayout.js';
import { useAppState, useViewState } from '../context/AppContext.js';
import { ListLine } from './ListLine.js';
import { pickerItems } from './overlayLists.js';

/** `p` — the Active contracts by name; type to filter, Enter switches. */
export const ContractPicker = memo(function ContractPicker({ screenWidth, screenHeight }: { screenWidth: number; screenHeight: number }) {
  const names = useAppState(selectActiveContractNames);
  const current = useAppState(selectSelectedName);
  const query = useViewState((s) => s.overlayQuery);
  const cursor = useViewState((s) => s.overlayCursor);
  const items = useMemo(() => pickerItems(query, names), [query, names]);
  const width = Math.min(screenWidth - 2, 44);
  const height = Math.min(screenHeight - 2, Math.max(6, names.length + 3));
  const inner = panelInner(width, height);
  const rows = Math.max(0, inner.height - 1);
  const selected = Math.min(cursor, items.length - 1);
  const start = scrollStart(items.length, rows, selected);
  return (
    <Modal screenWidth={screenWidth} screenHeight={screenHeight} width={width} height={height} title="Contract" info="Active only">
      <ListLine width={inner.width} segments={[{ text: '/ ', token: 'key' }, { text: query }, { text: '▏', token: 'accent' }]} />
      {items.length === 0 ? (
        <ListLine width={inner.width} segments={[{ text: names.length === 0 ? 'no Active contract yet' : 'no contract matches', token: 'muted' }]} />
      ) : (
        items.slice(start, start + rows).map((name, i) => (
          <ListLine
            key={name}
            width={inner.width}
            highlighted={start + i === selected}
            segments={[{ text: name, bold: name === current }, ...(name === current ? [{ text: '  (current)', token: 'muted' as const }] : [])]}
          />
        ))
      )}
    </Modal>
  );
});
