import { Modal } from '../components/Modal.js';
import { panelInner } from '../components/Panel.js';
import { scrollStart } from '../components/tableLayout.js';
import type { Segment } from '../components/Tone.js';
import { ListLine } from './ListLine.js';

export interface PickerRow {
  key: string;
  label: string;
  /** Muted words after the label (what it is, "(current)"). */
  note?: string;
  current: boolean;
}

/** A list to pick one from: the typed filter on top, the matches under it, the cursor's row highlighted. */
export function PickerList(p: {
  screenWidth: number;
  screenHeight: number;
  title: string;
  info: string;
  width: number;
  /** How many there are before the filter: the box keeps that height. */
  total: number;
  query: string;
  cursor: number;
  rows: readonly PickerRow[];
  /** Said when nothing is listed: none at all, or none matches. */
  empty: { none: string; noMatch: string };
}) {
  const width = Math.min(p.screenWidth - 2, p.width);
  const height = Math.min(p.screenHeight - 2, Math.max(6, p.total + 3));
  const inner = panelInner(width, height);
  const shown = Math.max(0, inner.height - 1);
  const selected = Math.min(p.cursor, p.rows.length - 1);
  const start = scrollStart(p.rows.length, shown, selected);
  return (
    <Modal screenWidth={p.screenWidth} screenHeight={p.screenHeight} width={width} height={height} title={p.title} info={p.info}>
      <ListLine width={inner.width} segments={[{ text: '/ ', token: 'key' }, { text: p.query }, { text: '▏', token: 'accent' }]} />
      {p.rows.length === 0 ? (
        <ListLine width={inner.width} segments={[{ text: p.total === 0 ? p.empty.none : p.empty.noMatch, token: 'muted' }]} />
      ) : (
        p.rows.slice(start, start + shown).map((r, i) => {
          const segments: Segment[] = [{ text: r.label, bold: r.current }];
          if (r.note) segments.push({ text: `  ${r.note}`, token: 'muted' });
          return <ListLine key={r.key} width={inner.width} highlighted={start + i === selected} segments={segments} />;
        })
      )}
    </Modal>
  );
}
