import { wrapText } from '../forms/wrapText.js';
import { formatClock } from '../format/time.js';
import { view } from '../view/viewStore.js';
import type { CommandTable } from './types.js';

const MARK = { info: ' ', success: '✓', warning: '!', error: '✕' } as const;

/** The status bar shows one notice at a time, and only as much as fits: here they are whole. */
export const NOTICE_COMMANDS = {
  viewers: ({ app }) => {
    const s = app.view.getState();
    if (s.viewers === null) {
      view.notify(app.view, 'viewers: this dashboard is not served over SSH (perpdesk serve lists its viewers here)', 'info');
      return;
    }
    const list = s.viewerList;
    const width = Math.max(...list.map((v) => v.name.length), 4);
    const lines = list.map((v) => `${v.name.padEnd(width)}  ${v.readOnly ? 'read-only' : 'trading  '}  since ${formatClock(v.since)}  ${v.address}  ${v.fingerprint}`);
    view.openOverlay(app.view, { kind: 'message', title: `Viewers (${list.length} connected)`, body: lines.join('\n') || 'nobody (the list is filled as viewers connect)' });
  },
  notices: ({ app, layout }) => {
    const list = app.view.getState().notices;
    if (list.length === 0) {
      view.notify(app.view, 'no notices yet', 'info');
      return;
    }
    const width = Math.max(20, layout.cols - 6);
    const lines = [...list].reverse().flatMap((n) => {
      const head = `${formatClock(n.at)} ${MARK[n.tone]} `;
      const [first = '', ...rest] = wrapText(n.text, width - head.length);
      return [`${head}${first}`, ...rest.map((l) => `${' '.repeat(head.length)}${l}`)];
    });
    view.openOverlay(app.view, { kind: 'message', title: `Notices (newest first, last ${list.length})`, body: lines.join('\n') });
  },
} satisfies CommandTable;
