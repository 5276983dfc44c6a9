import { memo } from 'react';
import { useViewState } from '../context/AppContext.js';
import { FormOverlay } from '../forms/FormOverlay.js';
import { selectTopOverlay } from '../view/viewStore.js';
import { ContractPicker } from './ContractPicker.js';
import { ProfilePicker } from './ProfilePicker.js';
import { HelpOverlay } from './HelpOverlay.js';
import { MessageBox } from './MessageBox.js';
import { PaletteOverlay } from './PaletteOverlay.js';
import { RowMenuOverlay } from './RowMenuOverlay.js';
import { SeekLine } from './SeekLine.js';

/**
 * The top overlay, drawn over the panes (the last child of the screen box paints last).
 * Only the top one is drawn: the keyboard belongs to it alone.
 */
/** What quitting now would leave: a request the exchange may still apply, algos paused. */
export function quitQuestion(o: { algos?: number; inFlight?: boolean }): string {
  // Asked with no algos named: a request in flight is why.
  const request = o.inFlight === true || !o.algos;
  const lines: string[] = [];
  if (request) lines.push('A signed request is still waiting for its answer.');
  if (o.algos) lines.push(`${o.algos} algo${o.algos === 1 ? ' is' : 's are'} running: quitting pauses ${o.algos === 1 ? 'it' : 'them'} (resume in the Algos pane next time).`);
  lines.push(request ? 'Quit anyway? The exchange may still apply it.' : 'Quit anyway?');
  return lines.join('\n');
}

export const Overlays = memo(function Overlays({ screenWidth, screenHeight }: { screenWidth: number; screenHeight: number }) {
  const top = useViewState(selectTopOverlay);
  if (!top) return null;
  const size = { screenWidth, screenHeight };
  switch (top.kind) {
    case 'help':
      return <HelpOverlay {...size} />;
    case 'palette':
      return <PaletteOverlay {...size} />;
    case 'picker':
      return top.list === 'profiles' ? <ProfilePicker {...size} /> : <ContractPicker {...size} />;
    case 'quitConfirm':
      return (
        <MessageBox
          {...size}
          title="Quit?"
          tone="warning"
          body={quitQuestion(top)}
          footer="y / Enter quit · n / Esc stay"
        />
      );
    case 'message':
      return <MessageBox {...size} title={top.title} body={top.body} tone={top.tone === 'error' ? 'error' : 'info'} footer="Esc / Enter close" />;
    case 'form':
      return <FormOverlay overlay={top} {...size} />;
    case 'seek':
      return <SeekLine {...size} />;
    case 'rowMenu':
      return <RowMenuOverlay pane={top.pane} {...size} />;
    case 'filter':
      // Help's search is typed over help; a list's filter line is the pane's own title.
      return top.pane === 'help' ? <HelpOverlay {...size} /> : null;
  }
});
