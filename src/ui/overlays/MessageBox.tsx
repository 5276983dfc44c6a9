import { memo } from 'react';
import { Modal } from '../components/Modal.js';
import { panelInner } from '../components/Panel.js';
import { FooterLine, ListLine } from './ListLine.js';

/** A titled box of text lines (journal details, quit confirmation, errors); long lines are cut. */
export const MessageBox = memo(function MessageBox({
  screenWidth,
  screenHeight,
  title,
  body,
  tone,
  footer,
}: {
  screenWidth: number;
  screenHeight: number;
  title: string;
  body: string;
  tone?: 'info' | 'error' | 'warning';
  footer: string;
}) {
  const lines = body.split('\n');
  const longest = Math.max(title.length + 6, footer.length + 2, ...lines.map((l) => l.length + 2));
  const width = Math.min(screenWidth - 2, Math.max(30, longest + 2));
  const height = Math.min(screenHeight - 2, lines.length + 4);
  const inner = panelInner(width, height);
  const rows = Math.max(0, inner.height - 1);
  const token = tone === 'error' ? 'error' : tone === 'warning' ? 'warning' : undefined;
  return (
    <Modal screenWidth={screenWidth} screenHeight={screenHeight} width={width} height={height} title={title}>
      {lines.slice(0, rows).map((l, i) => (
        <ListLine key={i} width={inner.width} segments={[token ? { text: l, token } : { text: l }]} />
      ))}
      <FooterLine text={` ${footer}`} width={inner.width} />
    </Modal>
  );
});
