import { memo } from 'react';
import { useViewState } from '../context/AppContext.js';
import { FormOverlay } from '../forms/FormOverlay.js';
import { selectTopOverlay } from '../view/viewStore.js';
import { ContractPicker } from './ContractPicker.js';
import { ProfilePicker } from './ProfilePicker.js';
import { HelpOverlay } from './HelpOverlay.js';
import { MessageBox } from './MessageBox.js';
import { PaletteOverlay } from './PaletteOverlay.js';

/**
 * The top overlay, drawn over the panes (the last child of the screen box paints last).
 * Only the top one is drawn: the keyboard belongs to it alone.
 */
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
          body={'A signed request is still waiting for its answer.\nQuit anyway? The exchange may still apply it.'}
          footer="y / Enter quit · n / Esc stay"
        />
      );
    case 'message':
      return <MessageBox {...size} title={top.title} body={top.body} tone={top.tone === 'error' ? 'error' : 'info'} footer="Esc / Enter close" />;
    case 'form':
      return <FormOverlay overlay={top} {...size} />;
    case 'filter':
      // Help's search is typed over help; a list's filter line is the pane's own title.
      return top.pane === 'help' ? <HelpOverlay {...size} /> : null;
  }
});
